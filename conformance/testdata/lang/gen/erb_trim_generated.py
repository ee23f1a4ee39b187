#!/usr/bin/env python3
# Writes ../erb_trim_generated.txtar without its want sections: ERB templates
# made at random (a fixed seed) from the tags, trim markers and text
# Puppet's ERB reads, one a node. Then: conformance/testdata/lang/regen
# conformance/testdata/lang/erb_trim_generated.txtar (both oracles).
import os
import random
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
out = ["""ERB templates made at random (a fixed seed: gen/erb_trim_generated.py)
from the tags, trim markers and text Puppet's ERB (trim_mode '-') reads:
<%- and -%> trims, <%# comments, <%% and %%> escapes, tags in text,
output of undef, arrays and hashes. Each node renders one.
nodes: """ + " ".join(f"t{i}" for i in range(N))]
for i in range(N):
    t = template()
    out.append(f"-- modules/m/templates/t{i}.erb --\n{t}" + ("" if t.endswith("\n") else "\n"))
site = ["class m($t) {\n  $v = 'val'\n  $arr = [1, 'b']\n  $b = true\n  $n = undef\n  notify { 'out': message => template(\"m/${t}.erb\") }\n}\n"]
for i in range(N):
    site.append(f"node t{i} {{ class {{ 'm': t => 't{i}' }} }}\n")
out.append("-- manifests/site.pp --\n" + "".join(site))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "erb_trim_generated.txtar"), "w").write("\n".join(o.rstrip("\n") + "\n" if not o.endswith("\n") else o for o in out).replace("\n\n-- ", "\n-- "))
