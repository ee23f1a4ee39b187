package rubyfn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// A translated function is pure (rt/fn's Func.Pure, written into its
// registration) when its methods are and no dispatch receives the calling
// scope: apache's bool2httpd, a 3.x has_key; not one that reads a fact
// through closure_scope, calls another Puppet function, or takes the scope
// as a parameter (scope_param).
func TestFunctionPure(t *testing.T) {
	for _, c := range []struct {
		name, src string
		pure      bool
	}{
		{"bool2httpd.rb", `Puppet::Functions.create_function(:'m::bool2httpd') do
  def bool2httpd(arg)
    return 'Off' if arg.nil? || arg == false || arg =~ %r{false}i || arg == :undef
    return 'On' if arg == true || arg =~ %r{true}i
    arg.to_s
  end
end
`, true},
		{"has_key.rb", `module Puppet::Parser::Functions
  newfunction(:has_key, type: :rvalue) do |args|
    raise(Puppet::ParseError, "has_key(): wrong number of arguments") unless args.length == 2
    args[0].key?(args[1])
  end
end
`, true},
		{"mem.rb", `Puppet::Functions.create_function(:'m::mem') do
  def mem(arg)
    closure_scope['facts']['memorysize']
  end
end
`, false},
		{"warn.rb", `Puppet::Functions.create_function(:'m::warn') do
  def warn(arg)
    call_function('warning', arg)
    arg
  end
end
`, false},
		{"scoped.rb", `Puppet::Functions.create_function(:'m::scoped', Puppet::Functions::InternalFunction) do
  dispatch :scoped do
    scope_param
    param 'Any', :arg
  end
  def scoped(scope, arg)
    arg
  end
end
`, false},
	} {
		fun, err := Translate("/m/lib/puppet/functions/"+c.name, []byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		defs := fmt.Sprintf("%#v", jen.Block(fun.Defs("F")...))
		if fun.Pure() != c.pure || strings.Contains(defs, "Pure:") != c.pure {
			t.Errorf("%s: pure %v, want %v; registered as %s", c.name, fun.Pure(), c.pure, defs)
		}
	}
}
