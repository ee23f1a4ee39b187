package erbgen

import (
	"go/format"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// Ruby that pp2go does not translate is a build error naming the file,
// line, column and construct; a Ruby syntax error too. Calling a method
// that no Ruby class has is not: Ruby raises NoMethodError when it runs,
// and so does the translated template.
func TestTranslationErrors(t *testing.T) {
	const u = "unsupported Ruby in an ERB template: "
	for _, c := range []struct{ src, want string }{
		{"a\n<% puts \"x\" %>", "t.erb:2:4: " + u + "`puts' (output to stdout)"},
		{"<%= @x.send(:foo) %>", ""},
		{"<%= @x.send(@m, 1) %>", ""},
		{"<%= @x.send(:each_entry) %>", "t.erb:1:8: " + u + "method `each_entry'"},
		{"<%= send(:puts, 1) %>", "t.erb:1:5: " + u + "`puts' (output to stdout)"},
		{"<%= send(@m) %>", "t.erb:1:5: " + u + "`send' (dynamic method calls)"},
		{"<%= scope.send(:catalog) %>", "t.erb:1:11: " + u + "scope.catalog"},
		{"<%= @x.each_entry %>", "t.erb:1:8: " + u + "method `each_entry'"},
		{"<%= File.symlink('/etc/passwd', '/x') %>", "t.erb:1:10: " + u + "Ruby method `symlink' (pp2go does not implement it)"},
		{"<% def self.foo; end %>", "t.erb:1:8: " + u + "singleton method definitions (def self.x)"},
		{"x\n  <% a, b = 1, 2 %>", ""},
		{"<% k, v = @s.split(':') %><%= k %>", ""},
		{"<%= `ls` %>", "t.erb:1:5: " + u + "command execution (`...`) is not supported in templates"},
		{"<%= <<~EOS\nx\nEOS\n%>", "t.erb:1:5: " + u + "here documents are not supported in templates"},
		{"<% require 'net/ftp' %>", "t.erb:1:4: " + u + "require of 'net/ftp'"},
		{"<%= Process.pid %>", "t.erb:1:5: " + u + "constant Process"},
		{"<%= $stdout %>", "t.erb:1:5: " + u + "global variable $stdout"},
		{"<% [1].each { |x| break } %>", ""},
		{"<% f = proc { |x| break } %>", "t.erb:1:13: " + u + "break in a proc"},
		{"<% while true\n  begin\n    break\n  rescue\n  end\nend %>", "t.erb:3:5: " + u + "break out of a while loop from inside begin/rescue"},
		{"<% loop %>", "t.erb:1:4: " + u + "`loop' (loop without a block)"},
		{"<% scope.setvar('x') %>", "t.erb:1:10: " + u + "scope.setvar with 1 arguments"},
		{"<%= scope.catalog %>", "t.erb:1:11: " + u + "scope.catalog"},
		{"<% if x %>\nno end", "t.erb:1:11: syntax error, unexpected end-of-input, expecting 'end'"},
		{"<%= /[/ %>", "t.erb:1:5: premature end of char-class: /[/"},
		{"<% def f\n  begin\n    return 1\n  rescue\n  end\n  2\nend %>", ""},
		{"<% x = lambda { |a| return a }; y = catch(:t) { throw :t, 1 } %>", ""},
		{"<% @a.each do |x| y = (x ? (next) : 1) end %>", "t.erb:1:26: " + u + "return, next or break inside an expression"},
		{"<% def f\n  return 1\nrescue\n  2\nend %>", ""},
		{"<% @x.frobnicate_zzz %>", ""},
		{"<%= to_hash %>", ""},
		{"<%= warning('x') %>", "t.erb:1:5: " + u + "method `warning' of the template wrapper"},
		{"<%= @x.is_a(Array) %>", ""},
	} {
		_, err := Translate("t.erb", []byte(c.src))
		got := ""
		if err != nil {
			got = shortError(err)
		}
		if got != c.want {
			t.Errorf("%q:\n got: %s\nwant: %s", c.src, got, c.want)
		}
	}
}

// The generated code for a small template, as a reader sees it.
func TestGeneratedCodeShape(t *testing.T) {
	src := "<% @list.each do |x| -%>\n<%= x.upcase %>\n<% end -%>\n"
	f := jen.NewFile("p")
	if err := Emit(f, "Example", "mod/templates/example.erb", []byte(src)); err != nil {
		t.Fatal(err)
	}
	got := f.GoString()
	if _, err := format.Source([]byte(got)); err != nil {
		t.Fatal(err)
	}
	want := `// Example renders the ERB template mod/templates/example.erb.
func Example(s erb.Scope) string {
	r, out := erb.NewMemo(s, &ExampleMemo, 1, 1)
	if r == nil {
		return out
	}
	defer r.Fail()
	r.L(1)
	r.Each(r.IVar("list"), r.Blk1(func(x erb.Value) erb.Value {
		r.L(2)
		r.Out(r.Upcase(x))
		r.Text("\n")
		return r.BlockOut()
	}))
	return r.Result()
}

// ExampleMemo keeps renderings of Example: its text depends only on the instance variables it reads.
var ExampleMemo erb.Memo`
	if !strings.Contains(got, want) {
		t.Errorf("generated:\n%s", got)
	}
}

// map and collect with a block as statements (the ERB loop idiom) are
// MapUnused, which makes no Array of the results; as values they are Map.
func TestMapAsStatement(t *testing.T) {
	src := "<% @h.sort.map do |k, v| -%>\n<%= k %>\n<% end -%>\n<% @a.collect { |x| x } %><%= @a.map { |x| x }.join %>\n"
	f := jen.NewFile("p")
	if err := Emit(f, "Example", "mod/templates/example.erb", []byte(src)); err != nil {
		t.Fatal(err)
	}
	got := f.GoString()
	for _, want := range []string{
		`r.MapUnused(r.Sort(r.IVar("h"), erb.NoBlock), "map", r.Blk2(func(k, v erb.Value) erb.Value {`,
		`r.MapUnused(r.IVar("a"), "collect", r.Blk1(`,
		`r.Join(r.Map(r.IVar("a"), r.Blk1(`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, got)
		}
	}
}

// An Array literal of constants given only to include? or member? is
// InLiterals' arguments, Strings as Go strings: no Array, no Strings. An
// Array with any other element is made and asked as before.
func TestLiteralInclude(t *testing.T) {
	src := "<%= ![nil, '', :undef].include?(@v) %><%= %w[a b].member?(@v) %><%= [1, true].include?(@v) %><%= [@x, 'a'].include?(@v) %><%= [\"#{@x}\"].include?(@v) %>"
	f := jen.NewFile("p")
	if err := Emit(f, "Example", "mod/templates/example.erb", []byte(src)); err != nil {
		t.Fatal(err)
	}
	got := f.GoString()
	for _, want := range []string{
		`erb.Not(erb.InLiterals(r.IVar("v"), nil, "", erb.Symbol("undef")))`,
		`erb.InLiterals(r.IVar("v"), "a", "b")`,
		`erb.InLiterals(r.IVar("v"), int64(1), true)`,
		`r.IncludeQ(erb.NewArray(r.IVar("x"), r.Str("a")), r.IVar("v"))`,
		`r.IncludeQ(erb.NewArray(r.Interp(`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, got)
		}
	}
}
