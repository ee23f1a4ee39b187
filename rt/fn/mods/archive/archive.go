// Package archive implements the archive module's Ruby functions that
// pp2go does not translate yet: the functions that query a repository
// over HTTP (archive::artifactory_checksum, archive::artifactory_latest_url,
// go_md5: their Ruby requires net/http), which work only where the
// compiling context may fetch URLs. archive's other functions are
// translated from their Ruby.
package archive

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"net/url"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/fn/stdlib"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "archive"

var (
	checksumRx = lazyre.New(`\b[0-9a-f]{5,64}\b`)
	md5Rx      = lazyre.New(`\b[0-9a-f]{5,40}\b`)
)

func fetch(c fn.Context, name, u, user, pass string) string {
	f, ok := c.(fn.Fetcher)
	if !ok {
		panic(fn.Errorf("%s(): pp2go does not fetch URLs while compiling (%s)", name, u))
	}
	body, err := f.Fetch(u, user, pass)
	if err != nil {
		panic(fn.Errorf("%s", err.Error()))
	}
	return body
}

// stdlibURLs resolves the stdlib type aliases the functions' signatures use.
var stdlibURLs = func() fn.ResolverFunc {
	httpURL := v.NewTypeAlias("Stdlib::HTTPUrl")
	httpURL.Resolve(fn.Type(`Pattern[/(?i:\Ahttps?:\/\/.*\z)/]`))
	httpsURL := v.NewTypeAlias("Stdlib::HTTPSUrl")
	httpsURL.Resolve(fn.Type(`Pattern[/(?i:\Ahttps:\/\/.*\z)/]`))
	return func(name string) (v.Type, bool) {
		switch name {
		case "Stdlib::HTTPUrl":
			return httpURL, true
		case "Stdlib::HTTPSUrl":
			return httpsURL, true
		}
		return nil, false
	}
}()

func init() {

	fn.New("archive::artifactory_checksum").Module(module).Resolver(stdlibURLs).
		DR("Stdlib::HTTPUrl url, Enum['sha1','sha256','md5'] checksum_type?", "String", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			kind := "sha1"
			if len(a) > 1 {
				kind = string(a[1].(v.String))
			}
			u := strings.Replace(string(a[0].(v.String)), "/artifactory/", "/artifactory/api/storage/", 1)
			body := fetch(c, "archive::artifactory_checksum", u, "", "")
			data, err := stdlib.ParseJSON(body)
			if err != nil {
				panic(err)
			}
			var sum v.Value = v.Undef
			if h, ok := data.(*v.Hash); ok {
				if cs, ok := h.GetString("checksums"); ok {
					if ch, ok := cs.(*v.Hash); ok {
						sum, _ = ch.GetString(kind)
					}
				}
			}
			s, ok := sum.(v.String)
			if !ok || !checksumRx.MatchString(string(s)) {
				panic(fn.Errorf("Could not parse %s from url: %s\nresponse: %s", kind, u, body))
			}
			return s
		}).Register()

	fn.New("archive::artifactory_latest_url").Module(module).Resolver(stdlibURLs).
		D("Variant[Stdlib::HTTPUrl, Stdlib::HTTPSUrl] url, Hash maven_data", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			full := strings.Replace(string(a[0].(v.String)), "/artifactory/", "/artifactory/api/storage/", 1)
			dir := full
			if i := strings.LastIndexByte(full, '/'); i >= 0 {
				dir = full[:i]
			}
			content := getJSON(c, dir)
			md := a[1].(*v.Hash)
			get := func(k string) string { x, _ := md.GetString(k); return fn.RubyToS(x) }
			pat := "^/" + get("module") + "-" + get("base_rev") + `-(SNAPSHOT|(?:(?:[0-9]{8}.[0-9]{6})-(?:[0-9]+)))`
			if cl, _ := md.GetString("classifier"); v.Truthy(cl) {
				pat += "-" + get("classifier")
			}
			re := v.RegexpOf(pat + `\.` + get("ext") + "$")
			var uris []string
			children, _ := content.GetString("children")
			if arr, ok := children.(*v.Array); ok {
				for _, ch := range arr.Elems() {
					h, ok := ch.(*v.Hash)
					if !ok {
						continue
					}
					uri, _ := h.GetString("uri")
					folder, _ := h.GetString("folder")
					if s, ok := uri.(v.String); ok && re.MatchString(string(s)) && !v.Truthy(folder) {
						uris = append(uris, string(s))
					}
				}
			}
			if len(uris) == 0 {
				panic(fn.Errorf("Couldn't find any Artifactory artifacts"))
			}
			sort.Strings(uris)
			latest := uris[len(uris)-1]
			c.Log("debug", "Latest artifact found for "+string(a[0].(v.String))+" was "+latest)
			base, _ := content.GetString("uri")
			item := getJSON(c, fn.RubyToS(base)+latest)
			dl, _ := item.GetString("downloadUri")
			var sha1 v.Value = v.Undef
			if cs, ok := item.GetString("checksums"); ok {
				if ch, ok := cs.(*v.Hash); ok {
					sha1, _ = ch.GetString("sha1")
				}
			}
			if dl == nil {
				dl = v.Undef
			}
			return v.NewHashFromPairs(v.String("url"), dl, v.String("sha1"), sha1)
		}).Register()

	g := fn.New3("go_md5", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) != 4 {
			panic(fn.Errorf("Invalid go md5 info url %s", fn.RubyInspect(v.NewArray(a...))))
		}
		u := fn.RubyToS(a[3])
		if _, err := url.Parse(u); err != nil {
			panic(fn.Errorf("bad URI(is not URI?): %s", fn.RubyStringInspect(u)))
		}
		body := fetch(c, "go_md5", u, fn.RubyToS(a[0]), fn.RubyToS(a[1]))
		file := fn.RubyToS(a[2])
		for _, line := range strings.Split(body, "\n") {
			if strings.Contains(line, file+"=") {
				if m := md5Rx.FindString(line); m != "" {
					return v.String(m)
				}
				break
			}
		}
		panic(fn.Errorf("Could not parse md5 from url%s response: %s", u, body))
	})
	g.Module = module
	fn.Register(g)
}

func getJSON(c fn.Context, u string) *v.Hash {
	data, err := stdlib.ParseJSON(fetch(c, "archive::artifactory_latest_url", u, "", ""))
	if err != nil {
		panic(err)
	}
	h, ok := data.(*v.Hash)
	if !ok {
		panic(fn.Errorf("undefined method `[]' for %s", fn.RubyInspect(data)))
	}
	return h
}
