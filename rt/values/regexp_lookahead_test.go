package values

import (
	"slices"
	"testing"

	"github.com/dlclark/regexp2"
)

// stdlib's Stdlib::Compat::Ipv4 (types/compat/ipv4.pp), in Ruby's syntax.
const compatIPv4 = `^((([0-9](?!\d)|[1-9][0-9](?!\d)|1[0-9]{2}(?!\d)|2[0-4][0-9](?!\d)|25[0-5](?!\d))[.]){3}([0-9](?!\d)|[1-9][0-9](?!\d)|1[0-9]{2}(?!\d)|2[0-4][0-9](?!\d)|25[0-5](?!\d)))(\/((([0-9](?!\d)|[1-9][0-9](?!\d)|1[0-9]{2}(?!\d)|2[0-4][0-9](?!\d)|25[0-5](?!\d))[.]){3}([0-9](?!\d)|[1-9][0-9](?!\d)|1[0-9]{2}(?!\d)|2[0-4][0-9](?!\d)|25[0-5](?!\d))|[0-9]+))?$`

func TestDropNeedlessLookaheads(t *testing.T) {
	for _, c := range []struct{ tr, want string }{
		// before a character that is never a digit
		{`[0-9](?![0-9])[.]`, `[0-9][.]`},
		{`([0-9](?![0-9])|1[0-9](?![0-9]))\.x`, `([0-9]|1[0-9])\.x`},
		// before an optional group and the end of a line
		{`[0-9](?![0-9])(/[0-9]+)?$`, `[0-9](/[0-9]+)?$`},
		{`[0-9](?![0-9])x?\z`, `[0-9]x?\z`},
		{`[0-9](?![0-9])(?=.)x`, `[0-9](?=.)x`},
		{`(a[0-9](?![0-9])){2}x`, `(a[0-9]){2}x`},
		{`[0-9](?![0-9])[\t\-a-c]`, `[0-9][\t\-a-c]`},
		{`[0-9](?!\d)\n`, `[0-9]\n`},
		// kept: the match may end there, before a digit
		{`[0-9](?![0-9])`, `[0-9](?![0-9])`},
		{`[0-9](?![0-9])x?`, `[0-9](?![0-9])x?`},
		{`([0-9](?![0-9])|a)`, `([0-9](?![0-9])|a)`},
		{`a|[0-9](?![0-9])|b`, `a|[0-9](?![0-9])|b`},
		// kept: what follows may start with a digit
		{`[0-9](?![0-9])[0-9a]`, `[0-9](?![0-9])[0-9a]`},
		{`[0-9](?![0-9])[^a]`, `[0-9](?![0-9])[^a]`},
		{`[0-9](?![0-9])\w`, `[0-9](?![0-9])\w`},
		{`[0-9](?![0-9]).`, `[0-9](?![0-9]).`},
		{`([0-9](?![0-9])[.]?)+x`, `([0-9](?![0-9])[.]?)+x`},
		{`([0-9](?![0-9])a?){2}x`, `([0-9](?![0-9])a?){2}x`},
		{`(?:[0-9](?![0-9])|a)*`, `(?:[0-9](?![0-9])|a)*`},
		{`[0-9](?![\n])$`, `[0-9](?![\n])$`},
		// kept: constructs not read
		{`([0-9])(?![0-9])\1`, `([0-9])(?![0-9])\1`},
		{`[0-9](?![0-9])\b`, `[0-9](?![0-9])\b`},
		{`(?>[0-9](?![0-9])|1)[.]`, `(?>[0-9](?![0-9])|1)[.]`},
		{`(?i)[0-9](?![0-9])[.]`, `(?i)[0-9](?![0-9])[.]`},
		{`(?=[0-9](?![0-9]))[.]`, `(?=[0-9](?![0-9]))[.]`},
		{`[0-9](?![0-9])*[.]`, `[0-9](?![0-9])*[.]`},
		{`[0-9](?![0-9]a)[.]`, `[0-9](?![0-9]a)[.]`},
		{`[0-9](?![^0-9])[.]`, `[0-9](?![^0-9])[.]`},
		{`[0-9](?![0-9])x{,2}`, `[0-9](?![0-9])x{,2}`},
	} {
		if got := dropNeedlessLookaheads(c.tr); got != c.want {
			t.Errorf("dropNeedlessLookaheads(%q) = %q, want %q", c.tr, got, c.want)
		}
	}
}

// TestCompatIPv4 checks stdlib's IPv4 pattern, which Go's engine now runs,
// against Ruby's answers and regexp2's groups.
func TestCompatIPv4(t *testing.T) {
	r, err := NewRegexp(compatIPv4)
	if err != nil {
		t.Fatal(err)
	}
	if r.fast.Plain == nil {
		t.Fatalf("%s: not run by Go's engine", compatIPv4)
	}
	// Ruby: "..." =~ Regexp.new(compatIPv4)
	for s, want := range map[string]bool{
		"127.0.0.1": true, "10.0.0.1/8": true, "255.255.255.255": true,
		"10.0.0.0/255.0.0.0": true, "1.2.3.4/999": true, "1.2.3.4\nx": true,
		"x\n1.2.3.4": true, "256.1.1.1": false, "01.2.3.4": false, "1.2.3.04": false,
		"1.2.3": false, "1.2.3.4.": false, "1.2.3.4/": false, "1.2.3.4/1.2.3": false,
		"localhost": false, "1.2.3.4 ": false, "1.2.3.456": false,
	} {
		if got := r.MatchString(s); got != want {
			t.Errorf("%q =~ Compat::Ipv4: %v, want %v", s, got, want)
		}
	}
	slow, err := regexp2.Compile(r.tr, regexp2.Multiline)
	if err != nil {
		t.Fatal(err)
	}
	subjects := []string{"127.0.0.1", "10.20.30.40/24", "192.168.1.1/255.255.0.0", "9.99.199.249/7", "1.2.3.4\n", "x\n25.250.5.0/32"}
	// and strings of digits, dots and slashes, one of each length's
	// every 37th, as the same groups: every answer must be regexp2's
	const alphabet = "01259./\n"
	for n, k := 1, 0; n <= 9; n++ {
		for ; k < 1<<(3*n); k += 37 * n * n * n {
			b := make([]byte, n)
			for i, v := 0, k; i < n; i, v = i+1, v>>3 {
				b[i] = alphabet[v&7]
			}
			subjects = append(subjects, string(b))
		}
	}
	for _, s := range subjects {
		got, err := r.Match(s)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := slow.FindStringMatch(s)
		if m == nil {
			if got != nil {
				t.Errorf("%q: match %v, none in regexp2", s, got)
			}
			continue
		}
		var want []Value
		for _, g := range m.Groups() {
			if len(g.Captures) == 0 {
				want = append(want, Undef)
			} else {
				want = append(want, String(g.String()))
			}
		}
		if !slices.EqualFunc(got, want, func(a, b Value) bool { return Eql(a, b) }) {
			t.Errorf("%q: groups %v, regexp2's %v", s, got, want)
		}
	}
}
