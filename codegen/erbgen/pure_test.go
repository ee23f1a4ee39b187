package erbgen

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/erb"
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
		if tpl.pure != c.pure || strings.Contains(got, "erb.NewMemo(s, &TMemo") != c.pure {
			t.Errorf("%q: pure %v, want %v:\n%s", c.src, tpl.pure, c.pure, got)
		}
	}
}

// A template that would keep its renderings but for the Puppet functions
// it calls by their literal names keeps them when each of those is pure
// (CallsPure); a function not pure or a name computed when it runs keeps
// them from being kept.
func TestPureCallsMemo(t *testing.T) {
	pure := func(name string) bool { return name == "versioncmp" || name == "apache::bool2httpd" }
	for _, c := range []struct {
		src  string
		pure bool
	}{
		{"<% if scope.function_versioncmp([@v, '2.4']) >= 0 -%>\nnew\n<% end -%>\n", true},
		{"<%= scope.call_function('apache::bool2httpd', [@x]) %>", true},
		{"<%= scope.call_function('apache::bool2httpd', [@x]) %><%= scope.function_versioncmp([@v, '2']) %>", true},
		{"<%= scope.call_function('apache::bool2httpd', [@x]) %><%= scope.function_template(['a/b.erb']) %>", false},
		{"<%= scope.function_warning(['x']) %>", false},
		{"<%= scope.call_function(@name, [@x]) %>", false},
		{"<%= scope.call_function(\"apache::#{@f}\", [@x]) %>", false},
		{"<%= scope.call_function('apache::bool2httpd', [@x]) %><%= scope['y'] %>", false},
	} {
		tpl, err := Translate("t.erb", []byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		tpl.CallsPure(pure)
		f := jen.NewFile("p")
		tpl.Emit(f, "T")
		got := f.GoString()
		if tpl.pure != c.pure || strings.Contains(got, "erb.NewMemo(s, &TMemo") != c.pure {
			t.Errorf("%q: pure %v, want %v:\n%s", c.src, tpl.pure, c.pure, got)
		}
	}
}

// A function file's methods are pure when each translated and none calls
// a Puppet function, reads the scope or a Puppet variable, or runs a
// method with effects or other inputs (Methods.Pure).
func TestPureMethods(t *testing.T) {
	for _, c := range []struct {
		src  string
		pure bool
	}{
		{"def bool2httpd(arg)\n  return 'Off' if arg.nil? || arg == false || arg =~ %r{false}i\n  return 'On' if arg == true\n  arg.to_s\nend\n", true},
		{"def f(h, k)\n  raise ArgumentError, 'no hash' unless h.is_a?(Hash)\n  h.key?(k)\nend\n", true},
		{"def f(x)\n  call_function('warning', x)\n  x\nend\n", false},
		{"def f(x)\n  closure_scope['facts']\nend\n", false},
		{"def f(x)\n  x << 1\nend\n", false},
		{"def f(x)\n  Time.now.to_s + x\nend\n", false},
		{"def f(x)\n  rand(x)\nend\n", false},
		// a file's frozen literals and constants are its package's
		// variables, read as what they stand for
		{"# frozen_string_literal: true\ndef f(h)\n  raise ArgumentError, 'no hash' unless h.is_a?(Hash)\n  h.key?('k')\nend\n", true},
		{"# frozen_string_literal: true\ndef f(x)\n  Time.now.to_s + 'x'\nend\n", false},
	} {
		tpl, err := erb.ParseRuby("f.rb", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		var defs []*erb.Def
		for _, n := range tpl.Body {
			if d, ok := n.(*erb.Def); ok {
				defs = append(defs, d)
			}
		}
		m, err := TranslateMethods(tpl, API4, defs, "untranslated: ")
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if m.Pure != c.pure {
			t.Errorf("%q: pure %v, want %v", c.src, m.Pure, c.pure)
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
		// jen's unformatted tokens read as formatted Go
		"r . Text ( \"a b\" )":         `r.Text("")`,
		"return r . Out ( x ) \n\t}":   "return r.Out(x)}",
		"x := erb . Str {S : \"a\" } ": `x:=erb.Str{S:""}`,
	} {
		if got := withoutLiterals(src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

// TestPureBodySelectors: pureBody reads the selectors of jen's
// unformatted rendering as they read in formatted Go, literals aside.
func TestPureBodySelectors(t *testing.T) {
	r := jen.Id("r")
	for _, c := range []struct {
		body  []jen.Code
		calls bool
		pure  bool
	}{
		{[]jen.Code{jen.Add(r).Dot("Text").Call(jen.Lit("x.Exit"))}, false, true},
		{[]jen.Code{jen.Return(jen.Qual(RuntimePath, "Str").Values(jen.Dict{jen.Id("S"): jen.Lit("os.Exit")}))}, false, true},
		{[]jen.Code{jen.Add(r).Dot("Text").Call(jen.Qual("os", "Getenv").Call(jen.Lit("HOME")))}, false, false},
		{[]jen.Code{jen.Add(r).Dot("Scope").Call()}, false, false},
		{[]jen.Code{jen.Add(r).Dot("Function").Call(jen.Lit("f"), jen.Id("x"))}, true, true},
		{[]jen.Code{jen.Add(r).Dot("Function").Call(jen.Lit("f"), jen.Id("x"))}, false, false},
		{[]jen.Code{jen.Add(r).Dot("Function").Call(jen.Id("name"))}, true, false},
		{[]jen.Code{jen.Add(r).Dot("CallFunction").Call(jen.Add(r).Dot("Str").Call(jen.Lit("f")))}, true, true},
		{[]jen.Code{jen.Add(r).Dot("CallFunction").Call(jen.Id("name"))}, true, false},
	} {
		if got := pureBody(c.body, nil, c.calls); got != c.pure {
			t.Errorf("%#v (calls %v): pure %v, want %v", jen.Block(c.body...), c.calls, got, c.pure)
		}
	}
}
