package puppetdb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// PQL runs the query of puppetdb_query (PuppetDB's terminus's function),
// a PQL string or an AST array, as Puppet::Util::Puppetdb.query_puppetdb
// does: it posts {"query": Q} to /pdb/query/v4, failing over from server
// to server as any query, and returns the JSON answer as Puppet values.
// An answer that is not JSON (PuppetDB's text for a query it rejects,
// with a 400) fails as Ruby's JSON.parse of it does under Puppet's release
// puppet (major version): its JSON gem's message, which Puppet 8.10's
// gives without 7.23's "859: ".
func (c *Client) PQL(query values.Value, puppet int) (values.Value, error) {
	body, err := json.Marshal(map[string]any{"query": Data(query)})
	if err != nil {
		return nil, err
	}
	r, _, err := c.failover("/pdb/query/v4", func(u string) (*http.Request, error) {
		req, err := http.NewRequest("POST", u, bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Accept", "application/json")
			req.Header.Set("Content-Type", "application/json; charset=UTF-8")
		}
		return req, err
	})
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(r.body))
	v, err := decodeValue(d)
	if err == nil && d.More() {
		err = fmt.Errorf("trailing data")
	}
	if err != nil {
		msg := "unexpected token at '" + strings.TrimLeft(string(r.body), " \t\r\n") + "'"
		if puppet < 8 {
			msg = "859: " + msg
		}
		return nil, errors.New(msg)
	}
	return v, nil
}
