package hiera

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/frontend/validate"
	"github.com/pp2go/pp2go/rt/values"
)

// parseJSON reads JSON as Puppet::Util::Json.load does: objects keep their
// key order (a repeated key keeps its first position, the last value),
// integers are Integers, numbers with a fraction or exponent Floats.
func parseJSON(src []byte) (values.Value, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	v, err := jsonValue(dec)
	if err != nil {
		return nil, jsonErr(src, dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, jsonErr(src, dec, errors.New("unexpected token after the document"))
	}
	return v, nil
}

func jsonErr(src []byte, dec *json.Decoder, err error) error {
	off := dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		err = errors.New("unexpected end of input")
		off = int64(len(src))
	}
	line, col := 1, 1
	for i := 0; i < int(off) && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	// Puppet's message is Ruby's json gem's (Puppet::Util::Json drops its
	// parser line, "859: ")
	if ruby := validate.RubyJSONError(string(src)); ruby != "" {
		if _, rest, ok := strings.Cut(ruby, ": "); ok && strings.HasPrefix(rest, "unexpected token") {
			msg = rest
		}
	}
	return &yamlError{msg: msg, line: line, column: col}
}

func jsonValue(dec *json.Decoder) (values.Value, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	return jsonFrom(dec, t)
}

func jsonFrom(dec *json.Decoder, t json.Token) (values.Value, error) {
	switch x := t.(type) {
	case json.Delim:
		switch x {
		case '{':
			b := values.NewHashBuilder(8)
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, errors.New("object key is not a string")
				}
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				b.Put(values.String(k), v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return b.Build(), nil
		case '[':
			var out []values.Value
			for dec.More() {
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return values.NewArray(out...), nil
		}
		return nil, errors.New("unexpected " + x.String())
	case string:
		return values.String(x), nil
	case json.Number:
		s := string(x)
		if !strings.ContainsAny(s, ".eE") {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				return values.Int(n), nil
			}
			return nil, errors.New("integer " + s + " is out of range for a Puppet Integer")
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, err
		}
		return values.Float(f), nil
	case bool:
		return values.BoolOf(x), nil
	case nil:
		return values.Undef, nil
	}
	return nil, errors.New("unexpected JSON token")
}
