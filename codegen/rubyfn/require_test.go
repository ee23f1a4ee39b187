package rubyfn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A function that requires its module's own Ruby (puppet_x) is not
// translated, with what that file does first that pp2go lacks, at that
// file's line.
func TestRequireModuleRuby(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "m", "lib")
	write := func(rel, src string) string {
		p := filepath.Join(lib, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("puppet_x/m/net.rb", "require 'puppet_x'\nmodule PuppetX::M\n  class Net\n    require 'net/http'\n  end\nend\n")
	write("puppet_x/m/dumper.rb", "require 'json'\nmodule PuppetX::M\n  class Dumper\n    attr_reader :s\n\n    def initialize(h)\n      @s = twice(h.to_s)\n    end\n\n    private\n\n    def twice(x)\n      x * 2\n    end\n  end\nend\n")
	write("puppet_x/m/meta.rb", "module PuppetX::M\n  class Meta < Object\n  end\nend\n")
	for _, c := range []struct{ fn, want string }{
		{"require 'puppet_x/m/net'\nPuppet::Functions.create_function(:f) do\nend\n",
			`require of "puppet_x/m/net", the module's net.rb: require of "net/http" (file: ` + lib + `/puppet_x/m/net.rb, line: 4, column: 5)`},
		{"require_relative '../../puppet_x/m/net'\nPuppet::Functions.create_function(:f) do\nend\n",
			`require_relative of "../../puppet_x/m/net", the module's net.rb: require of "net/http" (file: ` + lib + `/puppet_x/m/net.rb, line: 4, column: 5)`},
		{"require_relative '../../puppet_x/m/meta'\nPuppet::Functions.create_function(:f) do\nend\n",
			`require_relative of "../../puppet_x/m/meta", the module's meta.rb: a class with a superclass, or class << self (file: ` + lib + `/puppet_x/m/meta.rb, line: 2, column: 3)`},
	} {
		path := write("puppet/functions/f.rb", c.fn)
		_, err := Translate(path, []byte(c.fn))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.fn, err, c.want)
		}
	}
	// a class of the module's Ruby translates with the function
	src := "require_relative '../../puppet_x/m/dumper'\nPuppet::Functions.create_function(:f) do\n  def f(h)\n    PuppetX::M::Dumper.new(h).s\n  end\nend\n"
	path := write("puppet/functions/f.rb", src)
	fun, err := Translate(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(fun.Methods.Untranslated) > 0 {
		t.Errorf("untranslated: %v", fun.Methods.Untranslated)
	}
}
