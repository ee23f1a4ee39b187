package crypt

import (
	"strings"
	"testing"
)

// Ruby 3.1's String#crypt on Debian 12 (libxcrypt): ruby -e 'p "pw".crypt(s)'.
func TestCrypt(t *testing.T) {
	for _, c := range []struct{ pw, setting, want string }{
		{"pw", "$6$salt", "$6$salt$AkOOBO38SQQ8T8Q46KuCONe.8zg41nvCDKDq7pVQd2n2hy8sf8aR3G89VY.57up0eSIa/69odCCcLT4hx7FpW/"},
		{"pw", "$6$rounds=1000$salt", "$6$rounds=1000$salt$d7eV9s8slZkQfSpeUNlCmopaL.Tpt4XY61764aINp2KRzpE5Z1iZ0R2WyFPpdxHBQpj2PwPDM2H3NdKLRu/Ax/"},
		{"pw", "$5$saltsaltsaltsaltsaltsalt", "$5$saltsaltsaltsalt$zjTLfLaH9duFBTcEYa3b3d99z3jRlh2J6dtAKvgBfX3"},
		{"pw", "$1$saltsaltsalt", "$1$saltsalt$6SNdNaZLKst2LlSm7oPPL1"},
		{"pw", "$2b$10$abcdefghijklmnopqrstuv", "$2b$10$abcdefghijklmnopqrstuuj7m4XYqbm74SxoBcXyw8to0CQ061DVG"},
		{"pw", "$2a$10$abcdefghijklmnopqrstuv", "$2a$10$abcdefghijklmnopqrstuuj7m4XYqbm74SxoBcXyw8to0CQ061DVG"},
		{"pw", "$2y$10$abcdefghijklmnopqrstuv", "$2y$10$abcdefghijklmnopqrstuuj7m4XYqbm74SxoBcXyw8to0CQ061DVG"},
		{"pw", "$2x$10$abcdefghijklmnopqrstuv", "$2x$10$abcdefghijklmnopqrstuuj7m4XYqbm74SxoBcXyw8to0CQ061DVG"},
		{"pw", "$1$", "$1$$F0Fc2lbYpzr3KKdKkM0Wj."},
		{"pw", "$6$sa@lt", "$6$sa@lt$F0X2/3RucbndTAjDQZZTUhpmePExukJoyH9useai/4TevcOLa7iHxAhiaMmAxqANjsZ.9999j/QxcGYEvsEKT1"},
		{"", "$1$x", "$1$x$fwjfZtMwarkdetsjiQreU1"},
		{"test", "$1$1", "$1$1$Bp8CU9Oujr9SSEw53WV6G."},
		{"pw", "$6$rounds=10$salt", "*0"},
		{"pw", "$2b$03$abcdefghijklmnopqrstuv", "*0"},
		{"pw", "$2b$10$abcdefghijklmnopqrstu", "*0"},
		{"\u00e9", "$2b$04$abcdefghijklmnopqrstuv", "$2b$04$abcdefghijklmnopqrstuuhLs2FTTXh4aTzDmos5X8XImgHYf5TbO"},
		{strings.Repeat("x", 80), "$2b$04$abcdefghijklmnopqrstuv", "$2b$04$abcdefghijklmnopqrstuubzadhGtS2zEF.gu0yd0opP6cVzb.e0i"},
		{"pw", "$5$rounds=01000$x", "*0"},
		{"pw", "$5$rounds=1000", "*0"},
		{"pw", "$5$rounds=1000$", "$5$rounds=1000$$japDxBfHcSVGcyn00bW518Ndv09CHo6WdVnm01mosE2"},
		{"pw", "$5$rounds=$x", "*0"},
		{"pw", "$5$x$y", "$5$x$/cBhd5GcW3piDgPuh0MUtkW8cGNHV1SzlwHMIYtAf73"},
		{"pw", "$5$", "$5$$EPxZX4DoQWu4KoghxUArtr9dmHmQzOXFqq.aJMdG0bA"},
		{"pw", "$6$a:b", "*0"},
		{"pw", "$1$a b", "*0"},
		{"pw", "$6$a\u00e9b", "*0"},
		{"pw", "$2b$04$abcdefghijklmnopqrstuv;", "*0"},
	} {
		got, ok := Crypt(c.pw, c.setting)
		if !ok || got != c.want {
			t.Errorf("crypt(%q, %q) = %q %v, want %q", c.pw, c.setting, got, ok, c.want)
		}
	}
}
