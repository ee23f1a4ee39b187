// Package postgresql implements the postgresql module's Ruby functions that
// manifests call: postgresql::postgresql_password, postgresql_password,
// postgresql::postgresql_escape, postgresql_escape and
// postgresql::postgresql_acls_to_resources_hash.
package postgresql

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "postgresql"

func md5hex(s string) string {
	h := md5.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}

// Escape is postgresql::postgresql_escape: dollar quoting with a tag when
// the string needs one.
func Escape(s string) string {
	if !strings.Contains(s, "$$") && !strings.HasSuffix(s, "$") {
		return "$$" + s + "$$"
	}
	digits := regexp.MustCompile(`\d`)
	tag := digits.ReplaceAllString(md5hex(s)[:6], "")
	for strings.Contains(s, tag) {
		tag = digits.ReplaceAllString(md5hex(tag)[:6], "")
	}
	return "$" + tag + "$" + s + "$" + tag + "$"
}

func deprecation(c fn.Context, key, msg string) {
	c.Call("deprecation", []v.Value{v.String(key), v.String(msg)}, nil)
}

func init() {
	fn.New("postgresql::postgresql_password").Module(module).
		D("Variant[String[1],Integer] username, Variant[String[1],Integer] password", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			return v.String("md5" + md5hex(fn.RubyToS(a[1])+fn.RubyToS(a[0])))
		}).Register()
	fn.New("postgresql::postgresql_escape").Module(module).
		D("String[1] input_string", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			return v.String(Escape(string(a[0].(v.String))))
		}).Register()
	fn.New("postgresql_password").Module(module).
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			deprecation(c, "postgresql_password", "This method is deprecated, please use postgresql::postgresql_password instead.")
			return c.Call("postgresql::postgresql_password", a, nil)
		}).Register()
	fn.New("postgresql_escape").Module(module).
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			deprecation(c, "postgresql_escape", "This method is deprecated, please use postgresql::postgresql_escape instead.")
			return c.Call("postgresql::postgresql_escape", a, nil)
		}).Register()
	fn.New("postgresql::postgresql_acls_to_resources_hash").Module(module).
		D("Array[String] acls, String[1] id, Integer[0] offset", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			acls := a[0].(*v.Array).Elems()
			id := string(a[1].(v.String))
			offset := int64(a[2].(v.Int))
			out := v.NewHashBuilder(len(acls))
			for _, av := range acls {
				acl := string(av.(v.String))
				index := 0
				for i, x := range acls {
					if x == av {
						index = i
						break
					}
				}
				parts := strings.Fields(acl)
				if len(parts) < 4 {
					panic(fn.Errorf("postgresql::postgresql_acls_to_resources_hash(): acl line %d does not have enough parts", index))
				}
				r := v.NewHashBuilder(7)
				r.Put(v.String("type"), v.String(parts[0]))
				r.Put(v.String("database"), v.String(parts[1]))
				r.Put(v.String("user"), v.String(parts[2]))
				r.Put(v.String("order"), v.String(fmt.Sprintf("%03d", offset+int64(index))))
				tail := func(n int) string { return strings.Join(parts[n:], " ") }
				switch {
				case parts[0] == "local":
					r.Put(v.String("auth_method"), v.String(parts[3]))
					if len(parts) > 4 {
						r.Put(v.String("auth_option"), v.String(tail(4)))
					}
				case len(parts) > 4 && len(parts[4]) > 0 && parts[4][0] >= '0' && parts[4][0] <= '9':
					r.Put(v.String("address"), v.String(parts[3]+" "+parts[4]))
					if len(parts) > 5 {
						r.Put(v.String("auth_method"), v.String(parts[5]))
					} else {
						r.Put(v.String("auth_method"), v.Undef)
					}
					if len(parts) > 6 {
						r.Put(v.String("auth_option"), v.String(tail(6)))
					}
				default:
					r.Put(v.String("address"), v.String(parts[3]))
					if len(parts) > 4 {
						r.Put(v.String("auth_method"), v.String(parts[4]))
					} else {
						r.Put(v.String("auth_method"), v.Undef)
					}
					if len(parts) > 5 {
						r.Put(v.String("auth_option"), v.String(tail(5)))
					}
				}
				out.Put(v.String(fmt.Sprintf("postgresql class generated rule %s %d", id, index)), r.Build())
			}
			return out.Build()
		}).Register()
}
