#!/usr/bin/env python3
# Writes ../erb_trim_generated.txtar without its want sections: ERB templates
# made at random (a fixed seed) from the tags, trim markers and text
# Puppet's ERB reads, one a node. Then: conformance/testdata/lang/regen
# conformance/testdata/lang/erb_trim_generated.txtar (both oracles).
import random

import archive
r = random.Random(14)
TEXT = ["a", " ", "\n", "  \n", "\t", "x\n", "%", "%>", "<%%", "-%>", " -%>", "<%%-", "%%>", "  ", "line\n", "\n\n"]
TAGS = [
  "<%= @v %>", "<%= @v -%>", "<%- x = 1 -%>", "<% x = 1 %>", "<% x = 1 -%>", "<%- x = 1 %>",
  "<%# comment %>", "<%# comment -%>", "<%-# c -%>", "<%= 1 + 1 %>", "<%= @arr.join(',') %>",
  "<% if @b -%>yes<% end -%>", "<% if @b %>\nyes\n<% end %>", "<%- if @b -%>\n  yes\n<%- end -%>",
  "<%- [1,2].each do |i| -%>\ni=<%= i %>\n<%- end -%>", "<% [1,2].each do |i| %>i=<%= i %> <% end %>",
  "<%= @n %>", "<%= @n.nil? %>", "<%=@v%>", "<%-@v.upcase-%>", "<%= \"%>\" %>", "<%= '<%' %>",
  "<%= @v -%>\n", "  <%- x = 2 -%>\n", "\t<%- x = 3 -%>\n", "  <% x = 4 -%>\n", "<%= @v %>\n",
  "<%- %>", "<% %>", "<%= [1, 2] %>", "<%= {'a' => 1} %>",
]
def template():
    parts = []
    for _ in range(r.randint(2, 7)):
        parts.append(r.choice(TAGS) if r.random() < 0.55 else r.choice(TEXT))
    return "".join(parts)
N = 90
files = [(f"modules/m/templates/t{i}.erb", template()) for i in range(N)]
site = "class m($t) {\n  $v = 'val'\n  $arr = [1, 'b']\n  $b = true\n  $n = undef\n  notify { 'out': message => template(\"m/${t}.erb\") }\n}\n" + "".join(f"node t{i} {{ class {{ 'm': t => 't{i}' }} }}\n" for i in range(N))
archive.write("erb_trim_generated", """ERB templates made at random (a fixed seed: gen/erb_trim_generated.py)
from the tags, trim markers and text Puppet's ERB (trim_mode '-') reads:
<%- and -%> trims, <%# comments, <%% and %%> escapes, tags in text,
output of undef, arrays and hashes. Each node renders one.""", [f"t{i}" for i in range(N)], files, site)
