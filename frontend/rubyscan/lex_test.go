package rubyscan

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
)

func kinds(src string) string {
	var out []string
	for _, t := range lex(src) {
		switch t.kind {
		case tNewline:
			out = append(out, "NL")
		case tEOF:
		case tString:
			out = append(out, "S("+t.text+")")
		case tRegexp:
			out = append(out, "R("+t.text+"/"+t.aux+")")
		case tSymbol:
			out = append(out, ":"+t.text)
		case tLabel:
			out = append(out, t.text+":")
		default:
			out = append(out, t.text)
		}
	}
	return strings.Join(out, " ")
}

func TestLex(t *testing.T) {
	cases := []struct{ src, want string }{
		{`a / b`, `a / b`},
		{`x = a/2`, `x = a / 2`},
		{`newvalues /\S+\/\S+/`, `newvalues R(\S+/\S+/)`},
		{`newvalues(/^(true|false)$/i)`, `newvalues ( R(^(true|false)$/i) )`},
		{`%r{^a/b}m`, `R(^a/b/m)`},
		{`%w[a b]`, `[ S(a) , S(b) ]`},
		{`%i(x y)`, `[ :x , :y ]`},
		{"desc <<-EOT\n  text\n  EOT\nnewparam(:x)", `desc S() NL newparam ( :x )`},
		{"f(<<~A, <<~B)\n a\n A\n b\n B\nx", `f ( S() , S() ) NL x`},
		{"a << b", `a << b`},
		{`"a #{b("}")} c" + x`, `S(a #{} c) + x`},
		{`{:namevar => true, namevar: true}`, `{ :namevar => true , namevar: true }`},
		{`a ? b : c`, `a ? b : c`},
		{`A::B.c`, `A :: B . c`},
		{"=begin\nnewparam(:x)\n=end\ny", `y`},
		{`:"quoted sym"`, `:quoted sym`},
		{"x # newparam(:y)\nz", `x NL z`},
		{"a = 10 % 3", `a = 10 % 3`},
		{`puts %(str)`, `puts S(str)`},
		{`'it\'s'`, `S(it's)`},
	}
	for _, c := range cases {
		if got := kinds(c.src); got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.src, got, c.want)
		}
	}
}

func TestTypesForms(t *testing.T) {
	src := `
module Puppet
  Type.newtype(:demo) do
    @isomorphic = false
    feature :frobs, "can frob"
    ensurable do
      newvalue(:present)
    end
    newparam(:name) do
      desc <<-EOT
        newparam(:not_me)
      EOT
    end
    newparam :other, :namevar => true
    [:a, :b].each do |p|
      newproperty(p) do
        def x; newparam(:in_def); end
      end
    end
    if Puppet.features.root?
      newparam(:cond, namevar: false)
    end
    def self.helper(n)
      newparam(n)
    end
    helper(:viahelper)
    def self.title_patterns
      identity = lambda { |x| x }
      [
        [ %r{^(\S+)/(\S+)$}, [ [:name, identity], [:other] ] ],
        [ /(.*)/m, [ [:name] ] ],
      ]
    end
  end
end
`
	types, notes := Types("demo.rb", src, nil)
	if len(types) != 1 {
		t.Fatalf("types %v notes %v", types, notes)
	}
	ty := types[0]
	var attrs []string
	for _, a := range ty.Attrs {
		attrs = append(attrs, attrString(a.Name, a.Kind.String(), a.Namevar))
	}
	want := []string{"name:param*", "other:param*", "ensure:property", "a:property", "b:property", "cond:param", "viahelper:param"}
	if !reflect.DeepEqual(attrs, want) {
		t.Errorf("attrs %v\nwant %v\nnotes %v", attrs, want, notes)
	}
	if ty.Isomorphic || ty.Open || ty.TitlePatternsUnknown {
		t.Errorf("flags %+v", ty)
	}
	if !reflect.DeepEqual(ty.Features, []string{"frobs"}) {
		t.Errorf("features %v", ty.Features)
	}
	if len(ty.TitlePatterns) != 2 || ty.TitlePatterns[0].Regexp != `^(\S+)/(\S+)$` ||
		!reflect.DeepEqual(ty.TitlePatterns[0].Attrs, []string{"name", "other"}) || ty.TitlePatterns[1].Flags != "m" {
		t.Errorf("title patterns %+v", ty.TitlePatterns)
	}

	// a helper module defines the type's attributes and its title
	// patterns on the type it is given (splunk's Type.clone_type)
	cloned := `module Helper
  def self.clone_type(type)
    type.ensurable
    type.define_singleton_method(:title_patterns) do
      [
        [%r{^([^/]*)$}, [[:section]]],
        [%r{^(.*)/(.*)$}, [[:section], [:setting]]],
      ]
    end
    type.newparam(:setting) do
      isnamevar
    end
    type.newparam(:section) do
      isnamevar
    end
    type.newparam(:name)
  end
end
Puppet::Type.newtype(:cloned) do
  Helper.clone_type(self)
end
`
	types, notes = Types("cloned.rb", cloned, nil)
	if len(types) != 1 || types[0].TitlePatternsUnknown || len(types[0].TitlePatterns) != 2 ||
		!reflect.DeepEqual(types[0].TitlePatterns[1].Attrs, []string{"section", "setting"}) {
		t.Errorf("title patterns defined by define_singleton_method: %+v notes %v", types, notes)
	}

	dynamic := "Puppet::Type.newtype(:dyn) do\n  newparam(:name)\n  params.each { |p| newparam(p) }\n  def self.title_patterns\n    Helper.patterns\n  end\nend\n"
	types, _ = Types("dyn.rb", dynamic, nil)
	if len(types) != 1 || !types[0].Open || !types[0].TitlePatternsUnknown {
		t.Errorf("a computed attribute name makes the type open and computed patterns unknown: %+v", types[0])
	}
}

// scanAttrs scans src, which must declare one type, and gives the type
// and its attributes as attrString writes them.
func scanAttrs(t *testing.T, path, src string, req Requirer) (*restype.Type, []string) {
	t.Helper()
	types, notes := Types(path, src, req)
	if len(types) != 1 {
		t.Fatalf("types %v notes %v", types, notes)
	}
	var attrs []string
	for _, a := range types[0].Attrs {
		attrs = append(attrs, attrString(a.Name, a.Kind.String(), a.Namevar))
	}
	return types[0], attrs
}

// TestModifierAfterReturn: `if` after return, next, break or yield is a
// modifier, which opens no block (puppet-proxysql's proxy_mysql_user
// overrides initialize with `return if ...`). Puppet 7.23 loads this type
// with the attributes wanted (testdata/gen-types.rb).
func TestModifierAfterReturn(t *testing.T) {
	src := `Puppet::Type.newtype(:modifiers) do
  ensurable
  def initialize(*args)
    super
    return if self[:ensure] != :present
    self[:password] = "*#{self[:password]}" unless self[:password].start_with?('*')
  end
  def helper(list)
    list.each do |x|
      next if x.nil?
      break if x == 1
    end
    yield if block_given?
  end
  newparam(:name, namevar: true)
  newproperty(:password)
end
`
	_, attrs := scanAttrs(t, "modifiers.rb", src, nil)
	if want := []string{"name:param*", "ensure:property", "password:property"}; !reflect.DeepEqual(attrs, want) {
		t.Errorf("attrs %v, want %v", attrs, want)
	}
}

// TestInstanceEvalBlock: a type body's instance_eval(&M::NAME) runs the
// block a required file keeps in a constant (theforeman-foreman's
// REST_API_COMMON_PARAMS). Puppet 7.23 loads the same two files with the
// attributes wanted (testdata/gen-types.rb).
func TestInstanceEvalBlock(t *testing.T) {
	common := `module PuppetX
  module M
    module Common
      PARAMS = Proc.new do
        ensurable
        newparam(:url) do
          munge { |v| v.to_s }
        end
      end
      NAMES = proc {
        newparam(:name, :namevar => true)
      }
    end
  end
end
`
	src := `require_relative '../../puppet_x/m/common'

Puppet::Type.newtype(:evaled) do
  instance_eval(&PuppetX::M::Common::PARAMS)
  instance_eval(&PuppetX::M::Common::NAMES)
  newproperty(:value)
end
`
	req := func(feature string) (string, string, bool) {
		return "m/lib/puppet_x/m/common.rb", common, feature == "puppet_x/m/common"
	}
	ty, attrs := scanAttrs(t, "m/lib/puppet/type/evaled.rb", src, req)
	if want := []string{"name:param*", "ensure:property", "value:property", "url:param"}; !reflect.DeepEqual(attrs, want) || ty.Open {
		t.Errorf("attrs %v (open %v), want %v", attrs, ty.Open, want)
	}
	types, _ := Types("m/lib/puppet/type/evaled.rb", src, nil)
	if len(types) != 1 || !types[0].Open {
		t.Errorf("a block not found makes the type open: %+v", types)
	}
}

func TestFunctionForms(t *testing.T) {
	fns, _ := Functions4x("f.rb", `
Puppet::Functions.create_function(:'mod::f') do
  dispatch :one do
    param 'String', :a
    optional_param 'Integer', :b
    optional_block_param 'Callable[1,1]', :blk
  end
  dispatch :many do
    required_repeated_param 'Any', :rest
  end
  argument_mismatch :bad do
    param 'Hash', :h
  end
end`)
	if len(fns) != 1 || fns[0].Name != "mod::f" || len(fns[0].Signatures) != 2 {
		t.Fatalf("%+v", fns)
	}
	if got := sigRange(fns[0].Signatures[0]) + "; " + sigRange(fns[0].Signatures[1]); got != "1..2 optional; 1..-1 none" {
		t.Errorf("signatures %s", got)
	}
	fns, _ = Functions4x("g.rb", "Puppet::Functions.create_function(:g) do\n  def g(a, b = 1, *c, &blk)\n  end\nend\n")
	if got := sigRange(fns[0].Signatures[0]); got != "1..-1 optional" {
		t.Errorf("implied dispatch %s", got)
	}
	fns, _ = Functions3x("h.rb", "module Puppet::Parser::Functions\n  newfunction(:h, :type => :rvalue, :arity => -2, :doc => <<-EOS\n  x\n  EOS\n  ) do |args|\n  end\nend\n")
	if len(fns) != 1 || !fns[0].Rvalue || arity3x(fns[0].Signatures) != -2 {
		t.Errorf("3.x %+v", fns)
	}
}
