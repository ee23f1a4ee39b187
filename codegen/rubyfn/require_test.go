package rubyfn

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A function that requires its module's own Ruby (puppet_x) translates
// with its classes and modules; when that file does what pp2go does not
// translate, the function is not translated, with why at that file's
// line.
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
	write("puppet_x/m/gem.rb", "require 'puppet_x'\nmodule PuppetX::M\n  class Gem\n    require 'redis'\n  end\nend\n")
	write("puppet_x/m/meta.rb", "module PuppetX::M\n  class Meta\n    class << @x\n    end\n  end\nend\n")
	write("puppet_x/m/dumper.rb", "require 'json'\nmodule PuppetX::M\n  class Dumper\n    attr_reader :s\n\n    def initialize(h)\n      @s = twice(h.to_s)\n    end\n\n    private\n\n    def twice(x)\n      x * 2\n    end\n  end\nend\n")
	// a module with singleton methods (def self.x, class << self,
	// module_function, extend self), classes with superclasses (super),
	// an exception class, Net::HTTP
	write("puppet_x/m/util.rb", utilRB)
	for _, c := range []struct{ fn, want string }{
		{"require 'puppet_x/m/gem'\nPuppet::Functions.create_function(:f) do\nend\n",
			`require of "puppet_x/m/gem", the module's gem.rb: require of "redis", which Puppet's Ruby does not have (LoadError) (file: ` + lib + `/puppet_x/m/gem.rb, line: 4, column: 5)`},
		{"require_relative '../../puppet_x/m/meta'\nPuppet::Functions.create_function(:f) do\nend\n",
			`require_relative of "../../puppet_x/m/meta", the module's meta.rb: class << of an object other than self (file: ` + lib + `/puppet_x/m/meta.rb, line: 3, column: 5)`},
	} {
		path := write("puppet/functions/f.rb", c.fn)
		_, err := Translate(path, []byte(c.fn))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.fn, err, c.want)
		}
	}
	src := "require_relative '../../puppet_x/m/util'\nPuppet::Functions.create_function(:f) do\n  def f(h)\n    [PuppetX::M::Util.twice(h), PuppetX::M::Fns.inc(1), PuppetX::M::Ext::dec(1), PuppetX::M::Sub.make(h).value]\n  end\nend\n"
	path := write("puppet/functions/f.rb", src)
	fun, err := Translate(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if u := fun.Methods.Untranslated; len(u) != 0 {
		t.Errorf("untranslated: %v", u)
	}
	// a class of the module's Ruby translates with the function
	src = "require_relative '../../puppet_x/m/dumper'\nPuppet::Functions.create_function(:f) do\n  def f(h)\n    PuppetX::M::Dumper.new(h).s\n  end\nend\n"
	path = write("puppet/functions/f.rb", src)
	fun, err = Translate(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(fun.Methods.Untranslated) > 0 {
		t.Errorf("untranslated: %v", fun.Methods.Untranslated)
	}
	// a path made of literals (mongodb 7's require_relative File.join('..',
	// 'util', ...); the older File.expand_path(File.join(File.dirname(__FILE__), ...)))
	write("puppet/util/m_dumper.rb", "require_relative '../../puppet_x/m/dumper'\n")
	for _, req := range []string{
		"require_relative File.join('..', 'util', 'm_dumper')",
		"require File.expand_path(File.join(File.dirname(__FILE__), '..', '..', 'puppet_x', 'm', 'dumper'))",
		"require File.expand_path('../../puppet_x/m/dumper', __dir__)",
	} {
		src = req + "\nPuppet::Functions.create_function(:f) do\n  def f(h)\n    PuppetX::M::Dumper.new(h).s\n  end\nend\n"
		path = write("puppet/functions/f.rb", src)
		fun, err = Translate(path, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", req, err)
		}
		if len(fun.Methods.Untranslated) > 0 {
			t.Errorf("%s: untranslated: %v", req, fun.Methods.Untranslated)
		}
	}
}

// utilRB is a module Ruby file with singleton methods of modules (def
// self.x, class << self, module_function, extend self), classes with a
// superclass (super, new in a singleton method) and an exception class;
// it requires net/http, which Base#get uses.
const utilRB = `require 'net/http'
class MFailure < StandardError; end

module PuppetX
  module M
    module Util
      def self.twice(x)
        half(x) * 4
      end

      def self.half(x)
        x / 2
      end

      class << self
        def fail!(msg)
          raise MFailure, msg
        end
      end
    end

    module Fns
      module_function

      def inc(x)
        x + 1
      end
    end

    module Ext
      extend self

      def dec(x)
        x - 1
      end
    end

    class Base
      def initialize(n)
        @n = n
      end

      def value
        @n
      end

      def get
        Net::HTTP.get(URI('http://x'))
      end
    end

    class Sub < Base
      def value
        super + 1
      end

      def self.make(n)
        new(n)
      end
    end
  end
end
`

// The classes and modules of utilRB behave as in Ruby: Ruby 3.1 gives
// [20, 2, 0, 11] and "MFailure: boom" for these calls.
func TestModuleClassesRun(t *testing.T) {
	runModuleCases(t, map[string]string{
		"puppet_x/m/util.rb":      utilRB,
		"puppet/functions/m/f.rb": "require_relative '../../../puppet_x/m/util'\nPuppet::Functions.create_function(:'m::f') do\n  def f(h)\n    [PuppetX::M::Util.twice(h), PuppetX::M::Fns.inc(1), PuppetX::M::Ext::dec(1), PuppetX::M::Sub.make(h).value]\n  end\nend\n",
		"puppet/functions/m/g.rb": "require_relative '../../../puppet_x/m/util'\nPuppet::Functions.create_function(:'m::g') do\n  def g\n    PuppetX::M::Util.fail!('boom')\n  rescue MFailure => e\n    \"#{e.class}: #{e.message}\"\n  end\nend\n",
	}, `[{"src": "m::f(10)", "result": "[i:20,i:2,i:0,i:11]"}, {"src": "m::g()", "result": "s:\"MFailure: boom\""}]`)
}

// constsRB assigns constants in class and module bodies, which methods
// read through their lexical nesting and their class's ancestors, and
// finds classes by name with const_get.
const constsRB = `module PuppetX
  module K
    LIMIT = 3
    class Base
      NAME = 'base'.freeze
      def name
        NAME
      end

      def limit
        LIMIT
      end
    end

    class Sub < Base
      def both
        [NAME, LIMIT, Base::NAME, K::LIMIT, defined?(NAME)]
      end
    end

    class HTTP < Base
      URI_UNSAFE = %r{[^a-z]}.freeze
      def esc(s)
        s.gsub(URI_UNSAFE) { |m| '%' + m.unpack('H2' * m.bytesize).join('%').upcase }
      end
    end

    def self.pick(scheme)
      const_get(scheme.upcase)
    end
  end
end
`

// The constants of constsRB as Ruby 3.1 finds them: requiring it and
// calling the functions' code gives these values (and these errors, whose
// first line is the message without error_highlight's excerpt).
func TestModuleConstantsRun(t *testing.T) {
	runModuleCases(t, map[string]string{
		"puppet_x/m/k.rb": constsRB,
		"puppet/functions/m/k.rb": `require_relative '../../../puppet_x/m/k'
Puppet::Functions.create_function(:'m::k') do
  def k
    [PuppetX::K::Sub.new.both, PuppetX::K::Sub.new.name, PuppetX::K.const_get('HTTP').new.esc('a b/é'), PuppetX::K.pick('http').new.limit, PuppetX::K::HTTP.const_get(:NAME)]
  end
end
`,
		"puppet/functions/m/kerr.rb": `require_relative '../../../puppet_x/m/k'
Puppet::Functions.create_function(:'m::kerr') do
  def kerr(n)
    n == 1 ? PuppetX::K::HTTP.const_get(:LIMIT) : PuppetX::K.pick('gopher')
  rescue NameError => e
    "#{e.class}: #{e.message.lines.first.chomp}"
  end
end
`,
	}, `[{"src": "m::k()", "result": "[[s:\"base\",i:3,s:\"base\",i:3,s:\"constant\"],s:\"base\",s:\"a%20b%2F%C3%A9\",i:3,s:\"base\"]"},
 {"src": "m::kerr(1)", "result": "s:\"NameError: uninitialized constant PuppetX::K::HTTP::LIMIT\""},
 {"src": "m::kerr(2)", "result": "s:\"NameError: uninitialized constant PuppetX::K::GOPHER\""}]`)
}

// runModuleCases writes the files (paths under a module m's lib) and runs
// the cases of expected (gen.rb's JSON) with the functions translated,
// all of whose Ruby must translate.
func runModuleCases(t *testing.T, files map[string]string, expected string) {
	gobin, err := exec.LookPath("go")
	if err != nil || testing.Short() {
		t.Skip("builds Go (-short, or no go command)")
	}
	dir := t.TempDir()
	for rel, src := range files {
		p := filepath.Join(dir, "m", "lib", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, mf := range functionFiles(dir) {
		// (a case reaching untranslated Ruby would not fail)
		src, _ := os.ReadFile(mf[1])
		fun, err := Translate(mf[1], src)
		if err != nil {
			t.Fatal(err)
		}
		if len(fun.Methods.Untranslated) > 0 {
			t.Errorf("%s: untranslated: %v", mf[1], fun.Methods.Untranslated)
		}
	}
	path := filepath.Join(dir, "expected.json")
	if err := os.WriteFile(path, []byte(expected), 0o644); err != nil {
		t.Fatal(err)
	}
	runCases(t, gobin, dir, []string{path})
}
