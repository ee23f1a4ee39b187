package rubyresult

import (
	"testing"
)

func TestOf3x(t *testing.T) {
	cases := []struct {
		name, body, want string // want "" : not known; "argument": one of the arguments
	}{
		{"literal string", `"#{args[0]}-x"`, "String"},
		{"interpolation or nil", `return nil if args.empty?
"x"`, "Variant[Undef, String]"},
		{"guarded argument", `return args[0] if args[0].is_a?(Array)
[args[0]]`, "Array"},
		{"unguarded argument", `args[0]`, "Undef or an argument"},
		{"guard of another value", `return args[0] if args[1].is_a?(Array)
[]`, "Variant[Undef, Array] or an argument"},
		{"local assigned before", `result = []
args.each { |a| result << a }
result`, "Array"},
		{"local assigned in a branch", `if args[0]
  x = 'a'
end
x`, "Variant[String, Undef]"},
		{"local assigned before in the same branch", `if args[0]
  x = 'a'
  return x
end
'b'`, "String"},
		{"local of an argument", `x = args[0]
x`, "Undef or an argument"},
		{"pick (stdlib 9.4.1)", `args = args.compact
args.delete(:undef)
args.delete(:undefined)
args.delete('')
raise Puppet::ParseError, 'pick(): must receive at least one non empty value' if args[0].to_s.empty?
return args[0]`, "an argument (not an empty one)"},
		{"empty strings deleted after a read", `x = args.first
args.delete('')
raise ArgumentError, 'none' if args.empty?
args[0]`, "an argument"},
		{"guarded by empty?", `raise ArgumentError, 'none' if args.empty?
args.first`, "an argument"},
		{"guarded by nil?", `fail 'none' if args[0].nil?
x = args[0]
x`, "an argument"},
		{"the guard, then a removal", `raise ArgumentError, 'none' if args.empty?
args.delete('')
args[0]`, "Undef or an argument (not an empty one)"},
		{"the guard is conditional", `if args[1]
  raise ArgumentError, 'none' if args.empty?
end
args[0]`, "Undef or an argument"},
		{"another element than the guarded", `raise ArgumentError, 'none' if args[0].nil?
args[1]`, "Undef or an argument"},
		{"an argument or a literal", `return 'none' if args.empty?
args.first`, "String or an argument"},
		{"filtered", `args = args.reject { |a| a.nil? } - ['']
args[0] || 'x'`, "Variant[Undef, String] or an argument"},
		{"something pushed", `args << 'x'
args[0]`, ""},
		{"pick_default (stdlib 9.4.1)", `raise 'Must receive at least one argument.' if args.empty?
default = args.last
args = args[0..-2].compact
args.delete(:undef)
args.delete(:undefined)
args.delete('')
args << default
return args[0]`, "an argument"},
		{"an argument pushed", `raise ArgumentError, 'none' if args.empty?
args.push(args[-1])
args.shift`, "an argument"},
		{"an argument pushed, then removed", `raise ArgumentError, 'none' if args.empty?
x = args.first
args = args.drop(1)
args << x
args.clear
args[0]`, "Undef or an argument"},
		{"an element maybe past the end pushed", `x = args[3]
args << x
args[0]`, ""},
		{"an element read after a removal pushed", `raise ArgumentError, 'none' if args.empty?
args.delete('')
args << args.last
args[0]`, ""},
		{"pushed in a branch", `raise ArgumentError, 'none' if args.empty?
d = args.last
args = args.compact
args << d if args[1]
args[0]`, "Undef or an argument"},
		{"an element set", `args[0] = 1
args[0]`, ""},
		{"given to a method", `helper(args)
args[0]`, ""},
		{"aliased", `a = args
a.push(1)
args[0]`, ""},
		{"concatenated", `args.concat([1])
args[0]`, ""},
		{"op-assigned local", `x = 'a'
x += args[0]
x`, ""},
		{"self-referencing local", `x = []
x = x + args
x`, ""},
		{"block parameter", `x = 'a'
args.each { |x| }
x`, ""},
		{"arguments reassigned", `args = args.flatten
args`, ""},
		{"if without else", `'a' if args[0]`, "Variant[String, Undef]"},
		{"case", `case args[0]
when 'a' then 1
when 'b' then 2.5
else raise 'no'
end`, "Variant[Integer, Float]"},
		{"conversions", `args[0].to_s`, "String"},
		{"join of an array", `[args[0], 'x'].join(',')`, "String"},
		{"join of something", `args[0].join(',')`, ""},
		{"predicates", `args[0].is_a?(String) && !args[0].empty?`, "Boolean"},
		{"boolean operators", `args[0].is_a?(String) || args[0].nil?`, "Boolean"},
		{"ternary", `args[0] ? 1 : 0`, "Integer"},
		{"call of a helper", `helper(args)`, ""},
		{"defines a method", `def self.x; 1; end
'a'`, ""},
		{"lambda", `f = lambda { return 1 }
'a'`, ""},
		{"raises", `raise Puppet::ParseError, 'no'`, ""},
		{"next leaves the function", `next 3 if args.empty?
'a'`, ""},
		{"next of a block", `args.each { |a| next }
'a'`, "String"},
		{"begin rescue", `begin
  Integer(args[0])
rescue ArgumentError
  0
end`, "Integer"},
	}
	for _, c := range cases {
		src := "module Puppet::Parser::Functions\n  newfunction(:f, :type => :rvalue) do |args|\n" + c.body + "\n  end\nend\n"
		if got := Of3x("f.rb", []byte(src), "f").String(); got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.name, got, c.want, src)
		}
	}
}

func TestOf3xFindsTheFunction(t *testing.T) {
	src := `Puppet::Parser::Functions.newfunction(:other, type: :rvalue) { |args| 1 }
Puppet::Parser::Functions.newfunction('f', type: :rvalue) { |args| 'x' }
`
	if got := Of3x("f.rb", []byte(src), "f").String(); got != "String" {
		t.Errorf("got %q, want String", got)
	}
	if got := Of3x("f.rb", []byte(src), "none"); got.String() != "" {
		t.Errorf("a function the file does not define: got %v", got)
	}
	if got := Of3x("f.rb", []byte("newfunction(:f do"), "f"); got.String() != "" {
		t.Errorf("a file that does not parse: got %v", got)
	}
}

func TestOf4x(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"dispatched methods", `Puppet::Functions.create_function(:'m::f') do
  dispatch :on_string do
    param 'String', :s
  end
  dispatch :on_int do
    param 'Integer', :i
  end
  def on_string(s)
    return false unless s.is_a?(String)
    s == 'x'
  end
  def on_int(i)
    i.to_s
  end
end
`, "Variant[Boolean, String]"},
		{"a parameter's value", `Puppet::Functions.create_function(:'m::f') do
  dispatch :f do
    param 'String', :s
  end
  def f(s)
    s
  end
end
`, ""},
		{"the default dispatch", `Puppet::Functions.create_function(:'m::f') do
  def f(*args)
    args.size
  end
end
`, ""},
		{"the default dispatch, evident", `Puppet::Functions.create_function(:'m::f') do
  def f(x)
    [x]
  end
end
`, "Array"},
		{"a custom call", `Puppet::Functions.create_function(:'m::f') do
  def call(scope, *args)
    'x'
  end
  def f(x)
    'y'
  end
end
`, ""},
		{"an argument mismatch handler", `Puppet::Functions.create_function(:'m::f') do
  dispatch :f do
    param 'String', :s
  end
  argument_mismatch :other do
    param 'Any', :s
  end
  def f(s)
    'y'
  end
  def other(s)
    s
  end
end
`, ""},
	}
	for _, c := range cases {
		got := ""
		if typ := Of4x("f.rb", []byte(c.src), "m::f"); typ != nil {
			got = typ.String()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
