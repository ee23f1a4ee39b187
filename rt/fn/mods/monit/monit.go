// Package monit implements the monit module's Ruby function that
// manifests call: monit_validate_tests (checks the tests of a check and
// completes them with the monit condition text).
package monit

import (
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var (
	resourceTests = []string{"CPU", "CPU(USER)", "CPU(SYSTEM)", "CPU(WAIT)", "TOTAL CPU", "CHILDREN", "LOADAVG(1MIN)", "LOADAVG(5MIN)", "LOADAVG(15MIN)", "TOTAL MEMORY", "MEMORY", "SWAP"}
	operators     = []string{"<", ">", "!=", "==", "GT", "LT", "EQ", "NE", "GREATER", "LESS", "EQUAL", "NOTEQUAL"}
	protocolTests = map[string][]string{"GENERIC": {"SEND", "EXPECT"}, "HTTP": {"REQUEST", "STATUS", "CHECKSUM", "HOSTHEADER", "CONTENT"}, "APACHE-STATUS": {"LOGLIMIT", "CLOSELIMIT", "DNSLIMIT", "KEEPALIVELIMIT", "REPLYLIMIT", "REQUESTLIMIT", "STARTLIMIT", "WAITLIMIT", "GRACEFULLIMIT", "CLEANUPLIMIT"}}
	testTypes     = map[string][]string{"DIRECTORY": {}, "FIFO": {}, "FILE": {}, "FILESYSTEM": {"FSFLAGS", "SPACE", "INODE", "PERM", "PERMISSION"}, "HOST": {"CONNECTION"}, "PROCESS": append(append([]string(nil), resourceTests...), "CONNECTION"), "PROGRAM": {}, "SYSTEM": resourceTests}
	testActions   = []string{"ALERT", "RESTART", "START", "STOP", "EXEC", "UNMONITOR"}
)

func includes(list []string, x v.Value) bool {
	s, ok := x.(v.String)
	if !ok {
		return false
	}
	for _, e := range list {
		if e == string(s) {
			return true
		}
	}
	return false
}

// test is a mutable test hash (Ruby mutates the argument's hashes).
type test struct{ h *v.HashBuilder }

func (t test) get(k string) v.Value {
	x, ok := t.h.Build().GetString(k)
	if !ok {
		return v.Undef
	}
	return x
}
func (t test) has(k string) bool       { _, ok := t.h.Build().GetString(k); return ok }
func (t test) set(k string, x v.Value) { t.h.Put(v.String(k), x) }

func upcase(x v.Value) v.Value {
	s, ok := x.(v.String)
	if !ok {
		panic(fn.Errorf("undefined method `upcase' for %s", fn.RubyInspect(x)+":"+fn.RubyClass(x)))
	}
	return v.String(fn.RubyUpcase(string(s)))
}

func s(x v.Value) string { return fn.RubyToS(x) }

func validate(checkType string, t test) {
	typ := upcase(t.get("type"))
	t.set("type", typ)
	allowed, ok := testTypes[checkType]
	if !ok {
		panic(fn.Errorf("undefined method `include?' for nil:NilClass"))
	}
	if !includes(allowed, typ) {
		panic(fn.Errorf("Tests for '%s': invalid test type '%s'", checkType, s(typ)))
	}
	prefix := "Tests for '" + checkType + "' ('" + s(typ) + "'): "
	if t.has("tolerance") {
		tol, isHash := t.get("tolerance").(*v.Hash)
		if !isHash || !tol.Has(v.String("cycles")) {
			panic(fn.Errorf("%stolerance must be a hash with 'cycles' key and optionally 'times'.", prefix))
		}
		cycles, _ := tol.GetString("cycles")
		if times, ok := tol.GetString("times"); ok {
			t.set("tolerance", v.String(s(times)+" TIMES WITHIN "+s(cycles)+" CYCLES"))
		} else {
			t.set("tolerance", v.String(s(cycles)+" CYCLES"))
		}
	}
	if !t.has("action") {
		t.set("action", v.String("ALERT"))
	} else {
		act := upcase(t.get("action"))
		t.set("action", act)
		if !includes(testActions, act) {
			panic(fn.Errorf("%sinvalid action '%s'", prefix, s(act)))
		}
		if act == v.String("EXEC") && !t.has("exec") {
			panic(fn.Errorf("%smissing command for exec action", prefix))
		}
	}
	switch {
	case includes(resourceTests, typ) || includes([]string{"SPACE", "INODE"}, typ):
		if !t.has("operator") {
			panic(fn.Errorf("%s'operator' is mandatory", prefix))
		}
		if !includes(operators, t.get("operator")) {
			panic(fn.Errorf("%sinvalid operator: %s", prefix, s(t.get("operator"))))
		}
		if !t.has("value") {
			panic(fn.Errorf("%s'value' is mandatory", prefix))
		}
		t.set("operator", upcase(t.get("operator")))
		t.set("condition", v.String(s(typ)+" "+s(t.get("operator"))+" "+s(t.get("value"))))
	case typ == v.String("FSFLAGS"):
		t.set("condition", v.String("CHANGED "+s(typ)))
	case includes([]string{"PERM", "PERMISSION"}, typ):
		if !t.has("value") {
			panic(fn.Errorf("%s'value' is mandatory", prefix))
		}
		t.set("condition", v.String("FAILED "+s(typ)+" "+s(t.get("value"))))
	case typ == v.String("CONNECTION"):
		t.set("condition", v.String(connection(t, prefix)))
	}
}

func connection(t test, prefix string) string {
	if !t.has("port") && !t.has("unixsocket") {
		panic(fn.Errorf("%s'port' or 'unixsocket' is mandatory", prefix))
	}
	cond := "FAILED"
	if t.has("unixsocket") {
		cond += "UNIXSOCKET " + s(t.get("unixsocket"))
	} else {
		if t.has("host") {
			cond += " HOST " + s(t.get("host")) + " PORT " + s(t.get("port"))
		} else {
			cond += " PORT " + s(t.get("port"))
		}
		if t.has("socket_type") {
			st := upcase(t.get("socket_type"))
			t.set("socket_type", st)
			cond += " TYPE " + s(st)
			if st == v.String("TCPSSL") {
				if t.has("socket_type_cypher") {
					cy := upcase(t.get("socket_type_cypher"))
					t.set("socket_type_cypher", cy)
					cond += " " + s(cy)
				}
				if t.has("socket_type_checksum") {
					cond += " CERTMD5 " + s(t.get("socket_type_checksum"))
				}
			}
		}
		if t.has("protocol") {
			proto := upcase(t.get("protocol"))
			t.set("protocol", proto)
			if proto != v.String("GENERIC") {
				cond += "\n    PROTOCOL " + s(proto) + " "
			}
			if t.has("protocol_test") {
				ptType := "GENERIC"
				if _, ok := protocolTests[s(proto)]; ok {
					ptType = s(proto)
				}
				opts := protocolTests[ptType]
				switch ptType {
				case "HTTP", "APACHE-STATUS":
					o, ok := t.get("protocol_test").(*v.Hash)
					if !ok {
						panic(fn.Errorf("%sprotocol_test must be a hash with any of this keys: %s.", prefix, strings.Join(opts, ", ")))
					}
					var invalid []string
					for _, k := range o.Keys() {
						uk := fn.RubyUpcase(s(k))
						if !includes(opts, v.String(uk)) {
							invalid = append(invalid, uk)
						}
					}
					if len(invalid) > 0 {
						panic(fn.Errorf("%sinvalid options in %s ckeck: %s", prefix, s(proto), strings.Join(invalid, ", ")))
					}
					if r, ok := o.GetString("request"); ok {
						cond += "\n    REQUEST " + s(r)
					}
					for i := 0; i < o.Len(); i++ {
						if o.KeyAt(i) != v.String("request") {
							cond += "\n    " + fn.RubyUpcase(s(o.KeyAt(i))) + " " + s(o.ValueAt(i))
						}
					}
				case "GENERIC":
					pairs, ok := t.get("protocol_test").(*v.Array)
					if !ok {
						panic(fn.Errorf("%sprotocol_test must be an array of hashes with send/expect pairs.", prefix))
					}
					for _, p := range pairs.Elems() {
						ph, ok := p.(*v.Hash)
						if !ok {
							panic(fn.Errorf("undefined method `keys' for %s", fn.RubyInspect(p)))
						}
						var keys []string
						for _, k := range ph.Keys() {
							keys = append(keys, fn.RubyUpcase(s(k)))
						}
						if !hasAll(keys, opts) {
							panic(fn.Errorf("%smissing options in %s ckeck: %s are mandatory.", prefix, s(proto), strings.Join(opts, ", ")))
						}
						for i := 0; i < ph.Len(); i++ {
							cond += "\n    " + fn.RubyUpcase(s(ph.KeyAt(i))) + " " + s(ph.ValueAt(i))
						}
					}
				}
			}
		}
	}
	if t.has("timeout") {
		cond += "\n    WITH TIMEOUT " + s(t.get("timeout")) + " SECONDS"
	}
	if t.has("retry") {
		cond += " RETRY " + s(t.get("retry"))
	}
	if t.has("action") {
		t.set("action", upcase(t.get("action")))
	} else {
		t.set("action", v.String("ALERT"))
	}
	return cond
}

// hasAll is pt_options & keys == pt_options (order kept from opts).
func hasAll(keys, opts []string) bool {
	k := append([]string(nil), keys...)
	sort.Strings(k)
	for _, o := range opts {
		i := sort.SearchStrings(k, o)
		if i >= len(k) || k[i] != o {
			return false
		}
	}
	return true
}

func init() {
	f := fn.New3("monit_validate_tests", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		var checkArg, testsArg v.Value = v.Undef, v.Undef
		if len(a) > 0 {
			checkArg = a[0]
		}
		if len(a) > 1 {
			testsArg = a[1]
		}
		checkType := s(upcase(checkArg))
		tests, ok := testsArg.(*v.Array)
		if !ok {
			panic(fn.Errorf("undefined method `each_with_index' for %s", fn.RubyInspect(testsArg)+":"+fn.RubyClass(testsArg)))
		}
		out := make([]v.Value, tests.Len())
		for i, tv := range tests.Elems() {
			th, ok := tv.(*v.Hash)
			if !ok {
				panic(fn.Errorf("no implicit conversion of String into Integer"))
			}
			b := v.NewHashBuilder(th.Len() + 2)
			for j := 0; j < th.Len(); j++ {
				b.Put(th.KeyAt(j), th.ValueAt(j))
			}
			validate(checkType, test{b})
			out[i] = b.Build()
		}
		return v.NewArray(out...)
	})
	f.Module = "monit"
	fn.Register(f)
}
