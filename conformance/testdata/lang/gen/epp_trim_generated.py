#!/usr/bin/env python3
# Writes ../epp_trim_generated.txtar without its want sections: EPP templates
# made at random (a fixed seed) from the tags, trim markers and text
# Puppet's EPP lexer reads, one a node. Then: conformance/testdata/lang/regen
# conformance/testdata/lang/epp_trim_generated.txtar (both oracles).
import random

import archive
r = random.Random(14)
TEXT = ["a", " ", "\n", "  \n", "\t", "x\n", "%", "%>", "<%%", "-%>", " -%>", "%%>", "  ", "line\n", "\n\n", "$v", "\\n"]
TAGS = [
  "<%= $v %>", "<%= $v -%>", "<%- $x = 1 -%>", "<% $x = 1 %>", "<% $x = 1 -%>", "<%- $x = 1 %>",
  "<%# comment %>", "<%# comment -%>", "<%-# c -%>", "<%= 1 + 1 %>", "<%= $arr.join(',') %>",
  "<% if $b { -%>yes<% } -%>", "<% if $b { %>\nyes\n<% } %>", "<%- if $b { -%>\n  yes\n<%- } -%>",
  "<%- [1,2].each |$i| { -%>\ni=<%= $i %>\n<%- } -%>", "<% [1,2].each |$i| { %>i=<%= $i %> <% } %>",
  "<%= $n %>", "<%=$v%>", "<%-$v.upcase-%>", "<%= \"%>\" %>", "<%= '<%' %>",
  "<%= $v -%>\n", "  <%- $x = 2 -%>\n", "\t<%- $x = 3 -%>\n", "  <% $x = 4 -%>\n", "<%= $v %>\n",
  "<%- %>", "<% %>", "<%= [1, 2] %>", "<%= {'a' => 1} %>", "<%= \"${v}!\" %>",
]
def template():
    parts = []
    for _ in range(r.randint(2, 7)):
        parts.append(r.choice(TAGS) if r.random() < 0.55 else r.choice(TEXT))
    return "".join(parts)
N = 60
files = [(f"modules/m/templates/t{i}.epp", template()) for i in range(N)]
site = "class m($t) {\n  notify { 'out': message => epp(\"m/${t}.epp\", {'v' => 'val', 'arr' => [1, 'b'], 'b' => true, 'n' => undef}) }\n}\n" + "".join(f"node t{i} {{ class {{ 'm': t => 't{i}' }} }}\n" for i in range(N))
archive.write("epp_trim_generated", """EPP templates made at random (a fixed seed: gen/epp_trim_generated.py)
from the tags, trim markers and text Puppet's EPP lexer reads: <%- and -%>
trims, <%# comments, <%% and %%> escapes, tags in text, output of undef,
arrays and hashes. Each node renders one.""", [f"t{i}" for i in range(N)], files, site)
