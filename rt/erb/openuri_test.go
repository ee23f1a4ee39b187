package erb

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// open-uri against a loopback server: what Ruby 3.1's open-uri gives for
// the same responses (ruby -ropen-uri against a server answering so).
func TestOpenURI(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		switch req.URL.Path {
		case "/data.yaml":
			w.Write([]byte("a:\n- 1\n- :b\n"))
		case "/auth":
			u, p, ok := req.BasicAuth()
			if !ok || u != "user" || p != "pw" {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			w.Write([]byte(`{"ok": true}`))
		case "/moved":
			http.Redirect(w, req, "/data.yaml", http.StatusFound)
		default:
			http.NotFound(w, req)
		}
	}))
	defer srv.Close()
	r := &R{}
	run := func(f func() Value) (s string) {
		defer func() {
			if e := recover(); e != nil {
				re := e.(*RubyError)
				s = re.Class.Name + ": " + re.Msg
				if io, ok := re.Data.(*stringIO); ok {
					s += " " + Inspect(io.statusValue())
				}
			}
		}()
		return Inspect(f())
	}
	auth := NewHash()
	auth.Set(Symbol("http_basic_authentication"), NewArray(S("user"), S("pw")))
	// a port nothing listens on
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := l.Addr().String()
	l.Close()
	for _, c := range []struct {
		f    func() Value
		want string
	}{
		{func() Value { return r.Load(ClassYAML, r.OpenUri(ClassOpenURI, S(srv.URL+"/data.yaml"))) }, `{"a"=>[1, :b]}`},
		{func() Value { return r.Load(ClassYAML, r.OpenUri(ClassOpenURI, S(srv.URL+"/moved"))) }, `{"a"=>[1, :b]}`},
		{func() Value { return r.Read(r.OpenUri(ClassOpenURI, S(srv.URL+"/auth"), auth)) }, `"{\"ok\": true}"`},
		{func() Value { return r.Load(ClassPSON, r.OpenUri(ClassOpenURI, S(srv.URL+"/auth"), auth)) }, `{"ok"=>true}`},
		{func() Value { return r.OpenUri(ClassOpenURI, S(srv.URL+"/auth")) }, `OpenURI::HTTPError: 401 Unauthorized ["401", "Unauthorized"]`},
		{func() Value { return r.OpenUri(ClassOpenURI, S(srv.URL+"/nothing")) }, `OpenURI::HTTPError: 404 Not Found ["404", "Not Found"]`},
		{func() Value { return r.OpenUri(ClassOpenURI, S("http://"+closed+"/x")) }, "Errno::ECONNREFUSED: Failed to open TCP connection to " + closed + " (Connection refused - connect(2) for " + closed + ")"},
	} {
		if got := run(c.f); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}
