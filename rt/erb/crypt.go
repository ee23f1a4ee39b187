package erb

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/crypt"
)

// String#crypt: crypt(3) as Debian's libxcrypt computes it.

func init() {
	plain([]plainMethod{
		{"crypt", (*R).Crypt},
	})
}

// Crypt is String#crypt(salt).
func (r *R) Crypt(recv Value, args ...Value) Value {
	s, ok := recv.(*Str)
	if !ok {
		noMethod("crypt", recv)
	}
	arity(args, 1, 1)
	salt, ok := args[0].(*Str)
	if !ok {
		implicitConversion(args[0], "String")
	}
	if strings.IndexByte(s.S, 0) >= 0 || strings.IndexByte(salt.S, 0) >= 0 {
		argError("string contains null byte")
	}
	if len(salt.S) < 2 {
		argError("salt too short (need >=2 bytes)")
	}
	out, ok := crypt.Crypt(s.S, salt.S)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: String#crypt with the salt %s is not supported", inspectString(salt.S))
	}
	return &Str{S: out, Bin: true} // crypt(3)'s bytes, as Ruby's rb_str_new
}
