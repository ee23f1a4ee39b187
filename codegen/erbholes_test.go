package codegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHoleTemplate(t *testing.T) {
	for _, c := range []struct {
		src, want, kinds string
		ok               bool
	}{
		{"a \x00 <%= @x %>", "a <%= scope['pp2go hole 0'] %> <%= @x %>", "t", true},
		{"<%= scope.lookupvar('::ip_\x00') %>", `<%= scope.lookupvar("::ip_#{scope['pp2go hole 0']}") %>`, "s", true},
		{"<% v = '\x00' %><%= v.split('-')[0] %>", `<% v = "#{scope['pp2go hole 0']}" %><%= v.split('-')[0] %>`, "s", true},
		{"<%= \"x\x00y\" %>", `<%= "x#{scope['pp2go hole 0']}y" %>`, "d", true},
		{"<%= 'a\"#\\'\\\\b\x00' %>", `<%= "a\"\#'\\b#{scope['pp2go hole 0']}" %>`, "s", true},
		{"<%= @ip_\x00.to_s + @x %>", `<%= instance_variable_get("@ip_#{scope['pp2go hole 0']}").to_s + @x %>`, "i", true},
		{"<%= @\x00 %>", "", "", false},
		{"<%= x =~ /'\x00'/ %>", `<%= x =~ /'#{scope['pp2go hole 0']}'/ %>`, "r", true},
		{"<%= k =~ /^(\x00)$/i ? 1 : 2 %>", `<%= k =~ /^(#{scope['pp2go hole 0']})$/i ? 1 : 2 %>`, "r", true},
		{"<% if /\x00/ =~ s %>y<% end %>", `<% if /#{scope['pp2go hole 0']}/ =~ s %>y<% end %>`, "r", true},
		{"<%= 12 / '\x00'.to_i %> <%= (a) / 4 %>", `<%= 12 / "#{scope['pp2go hole 0']}".to_i %> <%= (a) / 4 %>`, "s", true},
		{"<%= a / b %> '\x00'", `<%= a / b %> '<%= scope['pp2go hole 0'] %>'`, "t", true},
		{"<%= a /b/ + '\x00' %>", "", "", false},
		{"<%= x.match(/#{b}\x00/) %>", "", "", false},
		{"<%= x =~ /\x00/ %>", `<%= x =~ /#{scope['pp2go hole 0']}/ %>`, "r", true},
		{"<%# \x00 %>", "", "", false},
		{"<%%= \x00 %>", "<%%= <%= scope['pp2go hole 0'] %> %>", "t", true},
		{"<%= \"#{a}\x00\" %>", "", "", false},
		{"<%= a ? '\x00' : 'b' %>", `<%= a ? "#{scope['pp2go hole 0']}" : 'b' %>`, "s", true},
	} {
		got, kinds, ok := holeTemplate(c.src)
		assert.Equal(t, c.ok, ok, c.src)
		if ok {
			assert.Equal(t, c.want, got, c.src)
			assert.Equal(t, c.kinds, kinds, c.src)
		}
	}
}
