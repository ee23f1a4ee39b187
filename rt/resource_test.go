package rt

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/values"
)

// capitalizeTypeName returns most names unchanged; the answers are those of
// Puppet's munge_type_name (split on "::", each segment capitalized).
func TestCapitalizeTypeName(t *testing.T) {
	for in, want := range map[string]string{
		"File":                          "File",
		"file":                          "File",
		"apache::vhost":                 "Apache::Vhost",
		"Apache::Vhost":                 "Apache::Vhost",
		"::apache::vhost":               "Apache::Vhost",
		"APACHE::VHOST":                 "Apache::Vhost",
		"Apache::vhost":                 "Apache::Vhost",
		"ApacHe":                        "Apache",
		"a:::b":                         "A::" + ":b",
		"Keystone::Resource::Authtoken": "Keystone::Resource::Authtoken",
		"_private::x1":                  "_private::X1",
		"apache::mod::SSL":              "Apache::Mod::Ssl",
		"a:b":                           "A:b",
		"Élan":                          "Élan",
		"élan::x":                       "Élan::X",
		"":                              "",
	} {
		assert.Equal(t, want, capitalizeTypeName(in), in)
	}
}

// notTagASCII reports, as titleTagsFound decides first, that a string is no valid tag (validTag) by an
// ASCII byte that no tag has there (asciiTag). false decides nothing.
func notTagASCII(s string) bool {
	valid, decided := asciiTag(s)
	return decided && !valid
}

// TestNotTagASCII: a string notTagASCII rejects is no valid tag, and the
// tags titleTagsOf gives are validTag's.
func TestNotTagASCII(t *testing.T) {
	cases := []string{"", "a", "A", "_", "0", "keystone", "apache::mod::ssl", "a.b-c:d", "/etc/x", "DEFAULT/admin_token",
		"keystone-manage bootstrap", ":a", ".a", "-a", "a b", "a\n", "\n", "a\nb", "é", "aé", "a/é", "é/", "Ⅻ", "a\x00", "a[b]", "ÀB::c",
		"apache::mod::apache", "A::a::B"}
	for _, s := range cases {
		if notTagASCII(s) && validTag(s) {
			t.Errorf("notTagASCII(%q) rejects a valid tag", s)
		}
		if values.IsASCII(s) && !strings.Contains(s, "\n") && notTagASCII(s) == validTag(s) {
			t.Errorf("notTagASCII(%q) disagrees with validTag on an ASCII string", s)
		}
		// tag_if_valid's: the title in lowercase, then its segments,
		// each once (a Set)
		var want []string
		if validTag(s) {
			want = []string{strings.ToLower(s)}
			if strings.Contains(want[0], "::") {
				for _, seg := range strings.Split(want[0], "::") {
					if !slices.Contains(want, seg) {
						want = append(want, seg)
					}
				}
			}
		}
		if got := titleTagsOf(s); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("titleTagsOf(%q) = %q, want %q", s, got, want)
		}
	}
}

// titleTagsOf answers a title asked again from the tags it kept for it
// (recentTitleTags) as tag_if_valid would, none for a title that is no tag, and a title whose bytes are
// where an earlier title's were (a buffer reused) gets its own tags, not
// the earlier one's: a valid tag after one that is none, and back.
func TestTitleTagsRecent(t *testing.T) {
	values.KeepCopies() // as a process compiling its second catalog
	buf := []byte("Apache::Mod::SSL")
	title := unsafe.String(&buf[0], len(buf))
	asks := []struct {
		text string
		want []string
	}{
		{"Apache::Mod::SSL", []string{"apache::mod::ssl", "apache", "mod", "ssl"}},
		{"/etc/apache2/x.d", nil},
		{"Mysql::Db::Mysql", []string{"mysql::db::mysql", "mysql", "db"}},
		{"keystone-manage ", nil},
		{"keystone_config1", []string{"keystone_config1"}},
	}
	for _, a := range asks {
		copy(buf, a.text)
		for range 3 { // kept after the first answers
			if got := titleTagsOf(title); !slices.Equal(got, a.want) {
				t.Errorf("titleTagsOf(%q) = %q, want %q", a.text, got, a.want)
			}
		}
	}
}

// A resource's reference is "Type[title]" (Puppet::Resource#to_s), made
// again of the same type and title strings the same String of the
// process, and never a reference kept for other strings: strings made
// where others were (the same addresses, other bytes) are not taken for
// them.
func TestRefValueOf(t *testing.T) {
	values.KeepCopies() // as a process compiling its second catalog
	typ, title := "Package", strings.Clone("keystone")
	first := refValueOf(typ, title)
	if first != values.String("Package[keystone]") {
		t.Fatalf("refValueOf = %v", first)
	}
	if again := refValueOf(typ, title); values.BoxOf(again) != values.BoxOf(first) {
		t.Errorf("the same strings made another String")
	}
	// other bytes at the same addresses: a title of the same length and
	// one shorter, and another type
	buf := []byte("keystone")
	same := unsafe.String(&buf[0], len(buf))
	for range 2 { // made twice of the same addresses: kept (refSeen)
		_ = refValueOf(typ, same)
	}
	copy(buf, "glance12")
	if got := refValueOf(typ, same); got != values.String("Package[glance12]") {
		t.Errorf("refValueOf of other bytes = %v", got)
	}
	if got := refValueOf(typ, same[:6]); got != values.String("Package[glance]") {
		t.Errorf("refValueOf of a shorter title = %v", got)
	}
	if got := refValueOf("Service", title); got != values.String("Service[keystone]") {
		t.Errorf("refValueOf of another type = %v", got)
	}
}

// validTag is Puppet's ValidTagRegex, \A[[:alnum:]_][[:alnum:]_:.-]*\Z,
// Ruby's [[:alnum:]] on a UTF-8 string being letters, marks and decimal
// digits, and \Z allowing one final newline: on strings of characters of
// each kind in every place.
func TestValidTagRegex(t *testing.T) {
	re := regexp.MustCompile(`\A[\p{L}\p{M}\p{Nd}_][\p{L}\p{M}\p{Nd}_:.-]*\n?\z`)
	chars := []string{"a", "Z", "0", "_", ":", ".", "-", "/", " ", "\n", "é", "\u0301", "Ⅻ", "٣", "[", "\x00"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(chars[rng.IntN(len(chars))])
		}
		s := b.String()
		if got, want := validTag(s), re.MatchString(s); got != want {
			t.Fatalf("validTag(%q) = %v, want %v", s, got, want)
		}
	}
}

// A class's resource is tagged class, then with its name and the name's
// segments, in lowercase (Resource::Type#instantiate_resource:
// resource.tag(:class), then the name via Parser::Resource's title
// tagging), before the tags of the scope declaring it; main's only with
// class (its title is the symbol :main); each compile of the process
// alike.
func TestClassResourceTags(t *testing.T) {
	p := NewProgram("production")
	p.AddClass(&Class{Name: "apache::mod::ssl"})
	p.AddClass(&Class{Name: "ntp"})
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.c.Include(s, []values.Value{values.String("apache::mod::ssl"), values.String("ntp")})
	}}
	for range 2 {
		res := CompileWith(p, node)
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		for title, want := range map[string][]string{
			"Apache::Mod::Ssl": {"class", "apache::mod::ssl", "apache", "mod", "ssl"},
			"Ntp":              {"class", "ntp"},
			"main":             {"class"},
		} {
			if r := res.Catalog.find("Class", title); r == nil || len(r.Tags) < len(want) || !slices.Equal(r.Tags[:len(want)], want) {
				t.Errorf("Class[%s]: %v, want tags %q", title, r, want)
			}
		}
		res.Release()
	}
}

// tag adds a tag in lowercase, with its segments, and fails on an invalid
// one with Puppet's message, which names it in lowercase
// (Tagging#tag downcases it first): whether the tag is ASCII in lowercase
// already, has an uppercase letter, or a multibyte character.
func TestTagCase(t *testing.T) {
	r := &Resource{Type: "File", Title: "x"}
	r.tag("web", "Apache::Mod::SSL", "ÄBC", "web")
	if want := []string{"web", "apache::mod::ssl", "apache", "mod", "ssl", "äbc"}; !slices.Equal(r.Tags, want) {
		t.Errorf("tags %q, want %q", r.Tags, want)
	}
	for tag, want := range map[string]string{
		"a b":   "Invalid tag 'a b'",
		"X Y":   "Invalid tag 'x y'",
		"-Web":  "Invalid tag '-web'",
		"Ä B":   "Invalid tag 'ä b'",
		"web::": "",
	} {
		got := ""
		func() {
			defer func() {
				if e := recover(); e != nil {
					got = fmt.Sprint(e)
				}
			}()
			(&Resource{Type: "File", Title: "x"}).tag(tag)
		}()
		if !strings.Contains(got, want) || want == "" && got != "" {
			t.Errorf("tag(%q) failed with %q, want %q", tag, got, want)
		}
	}
}
