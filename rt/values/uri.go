package values

import (
	"net/url"
	"strings"

	"github.com/pp2go/pp2go/internal/rubystr"
)

// uriToHash is PURIType#uri_to_hash: the components of a URI that a URI
// type is parameterized with (nil when there are none).
func uriToHash(s string) (Value, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, newError("", "bad URI(is not URI?): "+rubystr.Inspect(s))
	}
	b := NewHashBuilder(4)
	scheme := strings.ToLower(u.Scheme)
	if scheme != "" {
		b.Put(String("scheme"), String(scheme))
	}
	if u.User != nil {
		b.Put(String("userinfo"), String(u.User.String()))
	}
	if h := u.Hostname(); h != "" {
		b.Put(String("host"), String(strings.ToLower(h)))
	}
	if p := u.Port(); p != "" && !(p == "80" && scheme == "http" || p == "443" && scheme == "https") {
		b.Put(String("port"), String(p))
	}
	if u.Opaque == "" && u.Path != "" {
		b.Put(String("path"), String(u.EscapedPath()))
	}
	if u.RawQuery != "" || u.ForceQuery {
		b.Put(String("query"), String(u.RawQuery))
	}
	if u.Fragment != "" {
		b.Put(String("fragment"), String(u.EscapedFragment()))
	}
	if u.Opaque != "" {
		b.Put(String("opaque"), String(u.Opaque))
	}
	h := b.Build()
	if h.Len() == 0 {
		return nil, nil
	}
	return h, nil
}
