// Package mysql implements the mysql module's Ruby functions that manifests
// call: mysql::password and mysql_password.
package mysql

import (
	"crypto/sha1"
	"encoding/hex"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var hashedRx = lazyre.New(`(?m)\*[A-F0-9]{40}$`)

// Password is MySQL's native password hash ("*" and the upper-case hex of
// SHA1(SHA1(password))); an empty or already hashed password is kept.
func Password(pw string) string {
	if pw == "" {
		return ""
	}
	if hashedRx.MatchString(pw) {
		return pw
	}
	first := sha1.Sum([]byte(pw))
	second := sha1.Sum(first[:])
	return "*" + strings.ToUpper(hex.EncodeToString(second[:]))
}

func init() {
	fn.New("mysql::password").Module("mysql").
		DR("String password", "String", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			return v.String(Password(string(a[0].(v.String))))
		}).Register()
	f := fn.New3("mysql_password", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) != 1 {
			panic(fn.Errorf("mysql_password(): Wrong number of arguments given (%d for 1)", len(a)))
		}
		s, ok := a[0].(v.String)
		if !ok {
			panic(fn.Errorf("undefined method `empty?' for %s", fn.RubyInspect(a[0])+":"+fn.RubyClass(a[0])))
		}
		return v.String(Password(string(s)))
	})
	f.Module = "mysql"
	fn.Register(f)
}
