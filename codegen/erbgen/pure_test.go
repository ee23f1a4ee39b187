package erbgen

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// A template whose text depends only on the instance variables it reads
// keeps its renderings (erb.Memo); one that calls a Puppet function,
// reads the scope otherwise, changes a variable in place or runs any
// method not known to be free of effects and other inputs does not.
func TestPureTemplatesMemo(t *testing.T) {
	for _, c := range []struct {
		src  string
		pure bool
	}{
		{"<% @list.each do |x| -%>\n<%= x.upcase %>\n<% end -%>\n", true},
		{"<% @options.sort.map do |k,v| -%>\n<% if v.is_a?(Hash) and k =~ /^ssl/ -%><%= k %> = <%= v['a'] %><% end -%>\n<% end -%>\n", true},
		{"<% if @x and @x != '' %>\n!x <%= @x %>\n<% end %>\n", true},
		{"<%= @logroot %>/<%= @name %>_access.log \"x.Y\" 'a\\'b.c' `d.E`\n", true},
		{"<%= scope.function_versioncmp([@v, '2.4']) %>", false},
		{"<%= scope.call_function('bool2httpd', [@x]) %>", false},
		{"<%= scope['x'] %>", false},
		{"<%= scope.lookupvar('x') %>", false},
		{"<% @list << 1 %><%= @list.join %>", false},
		{"<% @list.compact! %><%= @list.join %>", false},
		{"<% @h['a'] = 1 %>", false},
		{"<% def f(x) x end %><%= f(@y) %>", false},
		{"<%= Time.now %>", false},
		{"<%= ENV['HOME'] %>", false},
		{"<%= File.read('/etc/hostname') %>", false},
		{"<%= instance_variables.join %>", false},
		{"<%= defined?(@x) %>", false},
		{"<% @list.each { |x| break if x } %>", false},
	} {
		tpl, err := Translate("t.erb", []byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		f := jen.NewFile("p")
		tpl.Emit(f, "T")
		got := f.GoString()
		if tpl.pure != c.pure || strings.Contains(got, "r.Memo(&TMemo") != c.pure {
			t.Errorf("%q: pure %v, want %v:\n%s", c.src, tpl.pure, c.pure, got)
		}
	}
}

func TestWithoutLiterals(t *testing.T) {
	for src, want := range map[string]string{
		`r.Text("a.b")`:            `r.Text("")`,
		`r.Text("a\"x.Y\"b")`:      `r.Text("")`,
		"r.Text(`a.B\\`)+r.Out(x)": "r.Text(``)+r.Out(x)",
		`r.Out('.')`:               `r.Out('')`,
		`r.Out('\'')`:              `r.Out('')`,
		`x.Y("\\")+z.W`:            `x.Y("")+z.W`,
	} {
		if got := withoutLiterals(src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}
