#!/usr/bin/env python3
# Writes ../sprintf_generated.txtar without its want sections: sprintf()
# calls made at random (a fixed seed) from Ruby's format directives, flags,
# widths and precisions and Puppet values, one a node. Then:
# conformance/testdata/lang/regen conformance/testdata/lang/sprintf_generated.txtar
import random

import archive
r = random.Random(14)
FLAGS = ["", "", "-", "+", " ", "0", "#", "-0", "+0", "# "]
WIDTHS = ["", "", "5", "10", "1", "*"]
PRECS = ["", "", ".2", ".0", ".5", ".10"]
CONVS = ["s", "d", "i", "f", "e", "E", "g", "G", "x", "X", "o", "b", "B", "c", "p", "a", "u", "%"]
VALUES = ["1", "-1", "0", "42", "255", "-255", "3.14159", "-0.5", "1e10", "1.0e-5", "'abc'", "''", "'42'", "'3.5'",
          "'0x1F'", "true", "undef", "[1, 2]", "{'a' => 1}", "'é'", "65", "9223372036854775807", "0.1", "100.0"]
def directive():
    return "%" + r.choice(FLAGS) + r.choice(WIDTHS) + r.choice(PRECS) + r.choice(CONVS)
N = 150
cases = []
for i in range(N):
    n = r.randint(1, 2)
    fmt = "".join(r.choice(["", "x", " ", "<"]) + directive() for _ in range(n)) + r.choice(["", ">", "%%"])
    args = []
    for d in range(fmt.count("%") - 2 * fmt.count("%%")):
        args.append(r.choice(VALUES))
    stars = fmt.count("*")
    args = [str(r.choice([3, 6, -4])) for _ in range(stars)] + args
    cases.append((fmt, args))
site = "".join(f"node s{i} {{ notify {{ 'out': message => String(sprintf('{fmt}'{''.join(', ' + x for x in args)})) }} }}\n"
               for i, (fmt, args) in enumerate(cases))
archive.write("sprintf_generated", """sprintf() calls made at random (a fixed seed: gen/sprintf_generated.py)
from Ruby's format directives (flags, widths, * widths, precisions,
conversions) and Puppet values, one a node.""", [f"s{i}" for i in range(N)], [], site)
