// Package mongodb implements the mongodb module's Ruby function that
// manifests call: mongodb_password.
package mongodb

import (
	"crypto/md5"
	"encoding/hex"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("mongodb_password", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) != 2 {
			panic(fn.Errorf("mongodb_password(): Wrong number of arguments given (%d for 2)", len(a)))
		}
		h := md5.Sum([]byte(fn.RubyToS(a[0]) + ":mongo:" + fn.RubyToS(a[1])))
		return v.String(hex.EncodeToString(h[:]))
	})
	f.Module = "mongodb"
	fn.Register(f)
}
