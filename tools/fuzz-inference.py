#!/usr/bin/env python3
"""Soundness of pp2go check's type inference, judged by the real Puppet.

pp2go check reports as an error a use of a value that fails on every node
that reaches it (a function argument, an ordering, a match, arithmetic, an
access, a selector, of a type the build infers). This writes random manifests that exercise what the checker
infers the types of (locals assigned in if/unless/case branches, if and case
values, selectors, literal arrays and hashes, Hash and Array access, typed
parameters, calls of Puppet's own functions and of a module's 3.x and 4.x
Ruby functions, variables of a class c inherits or includes (which may
inherit one that has the variable too), a top scope
variable or a parameter of the local's name), each
with one use of the local, and declarations of a defined type whose required
parameter a default: body may set (or a splat there, the bodies, an override
or a collector's, or none: the checker's missing parameters), and has Puppet compile each for twelve nodes whose
facts take the branches every way. Each block of a manifest starts with a
marker resource (notify { 'rN': }), so a catalog says which blocks ran.

For each error pp2go check reports at line L (but those of unknown
variables, which the marker blocks are too coarse to judge):
  violation     a node's catalog holds the marker of the innermost block
                around L: Puppet ran line L and compiled the node
  confirmed     a node's first Puppet error is it (message, line, column)
  inconclusive  neither (no node reached L, or one failed before it)

With --compile, pp2go also compiles every manifest for every node
(conformance/cmd/batch: one generated module and driver for all), and each
outcome is compared with Puppet's: the catalog's resources (the use of the
local is a resource's parameter), or the first line of the error. The conditions and uses include comparisons, arithmetic
and conditions of typed values, which the code generator makes Go's
operations on what the checker proved: a wrong proof would fail there.

    python3 tools/fuzz-inference.py [-n CASES] [--seed S] [--puppet 7,8] [--compile]

Needs bin/pp2go (make build), ../shared/conformance's oracle ($PP2GO_SHARED
in place of ../shared) and, for
Puppet 8.10, root and ../shared/conformance/puppet8/setup-chroot. Exits 1
on a violation, or with --compile an outcome that differs.
"""
import argparse, json, os, random, re, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.environ.get('PP2GO_SHARED') or os.path.join(ROOT, '..', 'shared'), 'conformance')
CONDS = ["$facts['os']['family'] == 'Debian'", "$facts['os']['family'] == 'RedHat'",
         "$facts['no_such_fact']", "$facts['flag_fact']", "$flag",
         # of typed values: the code generator makes these Go's operations
         "!$flag", "$flag == false", "$s == 'X'", "$st['port'] + 1 > 80", "size($a) >= 2 and $s != 'y'"]
VALUES = ["'str'", "\"x${facts['os']['family']}\"", "['a', 'b']", "[$s, 'c']", "{'k' => 'v'}",
          "{'k' => $s}", "1", "2.5", "true", "undef", "$s", "$a", "$h", "$h['k']", "$a[0]", "$a[5]",
          "$st['port']", "$st['name']", "[$a, 'x'][0]", "$facts['os']['family']", "$p::pv", "$pv"]
# a module of 3.x Ruby functions, whose results the checker reads from their Ruby (rubyresult)
RUBY = {
    'm_label': "\"#{args[0]}-label\"",
    'm_list': "return args[0] if args[0].is_a?(Array)\n    result = []\n    result << args[0]\n    result",
    'm_maybe': "if args[0]\n      label = 'yes'\n    end\n    label",
    'm_count': "args.size",
    'm_flag': "args[0].nil? || args[0] == ''",
    # one of its arguments: stdlib's pick, one unguarded, one after a push
    'm_pick': "args = args.compact\n    args.delete(:undef)\n    args.delete(:undefined)\n    args.delete('')\n"
              "    raise Puppet::ParseError, 'm_pick(): none' if args[0].to_s.empty?\n    return args[0]",
    'm_first': "args[0]",
    'm_push': "args << 'd'\n    args.last",
}
# and of 4.x ones (m::NAME, their methods' bodies)
RUBY4 = {
    'is_default': "value = args[0]\n    return false unless value.is_a?(String)\n    return (value == 'x')",
    'label': "return nil if args.empty?\n    args[0].to_s",
}
CALLS_RUBY = ["m_label($s)", "m_list($a)", "m_list($s)", "m_maybe($flag)", "m_count($a, 1)", "m_flag($h)",
              "m::is_default($s)", "m::is_default($a)", "m::label($h)", "m::label()",
              "m_pick($s, 1)", "m_pick(undef, $a)", "m_pick($h, 'd')", "m_pick($flag, 2.5)", "m_pick(/re/, 'x')",
              "m_pick($a[5], 3)", "m_pick($st['port'], $s)", "m_first($a, 1)", "m_first(undef)", "m_push(1, 2)"]
# calls of Puppet's own functions, whose results the checker types (corefn's results)
CALLS = ["join($a, '-')", "$a.join(',')", "split($s, ',')", "$s.split('x')", "versioncmp($s, '1')",
         "size($a)", "length($h)", "downcase($h)", "upcase($s)", "strip($a)", "capitalize(3)",
         "regsubst($a, 'a', 'b')", "regsubst($s, 'x', 'y')", "flatten([$a])", "sprintf('%s', $s)",
         "empty($h)", "keys($h)", "values($st)", "abs(-3)", "abs(2.5)", "abs('4')", "floor(2.5)",
         "round(-2.5)", "ceiling('3.2')", "md5($s)", "sha256($s)", "shellquote($a)",
         "inline_template('x')", "defined('$s')", "chomp($s)", "camelcase(['a_b'])", "unique($a)",
         "sort($s)", "match($s, /x/)", "type($s)", "compare(1, 2)", "fqdn_rand(5)", "[1, 2].map |$x| { $x }",
         "$h.filter |$k, $w| { true }", "$a.filter |$x| { true }", "$a.any |$x| { $x == 'p' }", "find_file('m/x')",
         "lookup('no_key', String, 'first', 'd')", "lookup('no_key', Integer, 'first', 3)", "convert_to($s, Array)"
         ] + CALLS_RUBY
USES = ["join($v, ',')"] * 3 + ["versioncmp($v, '1')", "split($v, ',')", "keys($v)", "abs($v)",
                                "join([$v, 'x'], ',')", "upcase($v)", "floor($v)", "size($v)",
                                "assert_type(String, $v)", "assert_type(Array, $v)",
                                # operators and calls with a lambda (operands.go)
                                "$v + 1", "-$v", "$v << 1", "$v % 2", "$v[0]", "$v[0, 1, 2]",
                                "$v ? { 'str' => 1, 'x' => 2 }", "$v.map |$e| { $e }",
                                # comparisons and conditions (typed by the code generator where known)
                                "$v == 'STR'", "$v != 1", "$v == true", "if $v { 1 } else { 2 }", "!$v",
                                "$v and true", "$v * 2 < 10"]
SPOT = '@@USE@@'


class Manifest:
    """A random class c whose body assigns and uses $v."""

    def __init__(self):
        self.lines, self.markers, self.blocks = [], 0, []  # blocks: (marker, first line, last line)
        self.assigned_at_top = self.assigned_nested = self.v_param = False

    def emit(self, s):
        self.lines.append(s)

    def block(self, depth, ind, assigned=False):
        self.markers += 1
        n = self.markers
        self.emit(f"{ind}notify {{ 'r{n}': }}")
        first = len(self.lines)
        self.statements(depth, ind, assigned)
        self.blocks.append((n, first, len(self.lines)))

    def value(self, depth):
        r = random.random()
        if depth < 2 and r < 0.12:
            els = f" else {{ {self.value(depth + 1)} }}" if random.random() < 0.7 else ''
            return f"if {random.choice(CONDS)} {{ {self.value(depth + 1)} }}{els}"
        if depth < 2 and r < 0.2:
            opts = [f"'Debian': {{ {self.value(depth + 1)} }}", f"'RedHat': {{ {self.value(depth + 1)} }}"]
            if random.random() < 0.6:
                opts.append(f"default: {{ {self.value(depth + 1)} }}")
            return "case $facts['os']['family'] { " + ' '.join(opts) + " }"
        if depth < 2 and r < 0.26:
            return f"$facts['os']['family'] ? {{ 'Debian' => {self.value(depth + 1)}, default => {self.value(depth + 1)} }}"
        return random.choice(CALLS if random.random() < 0.3 else VALUES)

    def branch(self, keyword, depth, ind, else_odds, assigned):
        self.emit(f"{ind}{keyword} {random.choice(CONDS)} {{")
        self.block(depth + 1, ind + '  ', assigned)
        if random.random() < else_odds:
            self.emit(f"{ind}}} else {{")
            self.block(depth + 1, ind + '  ', assigned)
        self.emit(f"{ind}}}")

    def statements(self, depth, ind, assigned=False):
        """Statements; assigned: $v is assigned before them on their path."""
        for _ in range(random.randint(0, 3)):
            r = random.random()
            if r < 0.3:
                # no reassignment, which Puppet fails wherever it runs (and
                # pp2go check reports): one assignment a path, none after
                # the top's or at the top after a branch's, and none with a
                # parameter $v
                if self.v_param or assigned or self.assigned_at_top or depth == 0 and self.assigned_nested:
                    continue
                if depth == 0:
                    self.assigned_at_top = True
                else:
                    self.assigned_nested = True
                assigned = True
                self.emit(f"{ind}$v = {self.value(0)}")
            elif r < 0.5 and depth < 3:
                self.branch('if', depth, ind, 0.6, assigned)
            elif r < 0.62 and depth < 3:
                self.branch('unless', depth, ind, 0.5, assigned)
            elif r < 0.75 and depth < 3:
                self.emit(f"{ind}case $facts['os']['family'] {{")
                for o in ["'Debian'", "'RedHat'"] + (["default"] if random.random() < 0.6 else []):
                    self.emit(f"{ind}  {o}: {{")
                    if random.random() < 0.1:
                        self.emit(f"{ind}    fail('unsupported')")
                    else:
                        self.block(depth + 1, ind + '    ', assigned)
                    self.emit(f"{ind}  }}")
                self.emit(f"{ind}}}")
            elif r < 0.8 and depth < 3:
                self.emit(f"{ind}[1].each |$i| {{")
                self.block(depth + 1, ind + '  ')
                self.emit(f"{ind}}}")
            elif r < 0.84:
                self.emit(ind + SPOT)
            elif r < 0.88:
                # a resource expression with a default: body, which gives
                # the other bodies its attributes (d's $target has no
                # default): set there, by a splat there, by the bodies, or
                # by none of them, which Puppet fails
                self.markers += 1
                k = self.markers
                how = random.choice(['default', 'default', 'splat', 'bodies', 'none', 'override', 'collector'])
                shared = {'default': "target => 'all'", 'splat': "* => {'target' => 'sp'}"}.get(how, "order => '50'")
                own = "target => 'own', " if how == 'bodies' else ''
                self.emit(f"{ind}d {{ default: {shared}; 'd{k}a': {own}order => '00'; 'd{k}b': {own}order => '99'; }}")
                # or an override, which sets it before the resources are evaluated
                if how == 'override':
                    self.emit(f"{ind}D['d{k}a', 'd{k}b'] {{ target => 'ov' }}")
                elif how == 'collector':
                    self.emit(f"{ind}D <| title == 'd{k}a' or title == 'd{k}b' |> {{ target => 'co' }}")
            else:
                self.markers += 1
                self.emit(f"{ind}$o{self.markers} = {self.value(0)}")

    def text(self):
        if random.random() < 0.5:
            self.emit("$v = ['top']")
        params = ("String $s = 'x', Array[String] $a = ['p', 'q'], Hash[String, String] $h = {'k' => 'v'}, "
                  "Struct[{'port' => Integer, Optional['name'] => String}] $st = {'port' => 80}, "
                  "Boolean $flag = $facts['flag_fact']")
        if random.random() < 0.15:
            params += ", $v = 'param'"
            self.v_param = True
        # class p, whose $pv c reads: c may inherit p or include it, p may
        # assign $pv in a branch only, or after it includes c; p may inherit
        # g, which gives $pv a value too (p's scope has it until p assigns
        # its own)
        pvs = ["'str'", "\"x${facts['os']['family']}\"", "['a', 'b']", "{'k' => 'v'}", "1", "2.5", "true", "undef"]
        pv = random.choice(pvs)
        p_body = random.choice([f"$pv = {pv}", f"if $flag_top {{ $pv = {pv} }}", f"include c\n  $pv = {pv}"])
        self.emit("$flag_top = $facts['flag_fact']")
        self.emit("define d($target, $order = '10') { notify { \"d:${title}:${target}:${order}\": } }")
        grandparent = random.random() < 0.3
        if grandparent:
            self.emit(f"class g {{\n  $pv = {random.choice(pvs)}\n}}")
            self.lines[-1:] = self.lines[-1].split('\n')
        self.emit("class p " + ("inherits g " if grandparent else "") + f"{{\n  {p_body}\n}}")
        self.lines[-1:] = self.lines[-1].split('\n')
        inherits = random.random() < 0.5
        self.emit(f"class c({params}) " + ("inherits p " if inherits else "") + "{")
        self.markers += 1
        self.emit(f"  notify {{ 'r{self.markers}': }}")
        first, n = len(self.lines), self.markers
        if random.random() < 0.3:
            self.emit("  include p")
        self.statements(0, '  ')
        self.emit('  ' + SPOT)
        self.statements(0, '  ')
        self.blocks.append((n, first, len(self.lines)))
        self.emit("}")
        self.emit(random.choice(["include c", "include p"]) if "include c" in p_body else "include c")
        # one use of $v, at one of the spots; the others do nothing
        spots = [i for i, l in enumerate(self.lines) if l.endswith(SPOT)]
        use = random.choice(spots)
        for i in spots:
            ind = self.lines[i][:-len(SPOT)]
            if i != use:
                self.lines[i] = ind + "notice('n')"
            elif random.random() < 0.15:
                self.lines[i] = ind + "if $v > 1 { notice('gt') }"
            elif random.random() < 0.12:
                self.lines[i] = ind + "if $v =~ /a/ { notice('m') }"
            else:
                # in a resource: the catalog shows its value (--compile
                # compares the resources' parameters)
                self.lines[i] = ind + f"notify {{ 'use': message => {random.choice(USES)} }}"
        return '\n'.join(self.lines) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=600, help='manifests to write (default 600)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--puppet', default='7,8', help='the Puppet versions to judge with (default 7,8)')
    ap.add_argument('--pp2go', default=os.path.join(ROOT, 'bin', 'pp2go'))
    ap.add_argument('--work', default='/tmp/pp2go-fuzz-inference', help='made anew (/tmp: oracle8 sees it)')
    ap.add_argument('--compile', action='store_true',
                    help="also compile every case with pp2go and compare the outcomes with Puppet's")
    args = ap.parse_args()
    random.seed(args.seed)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    base = json.load(open(os.path.join(SHARED, 'scenarios', 'err_unknown_class', 'nodes', 'lang.example.com.json')))
    nodes = []  # every combination of the facts the conditions read
    for family in ('Debian', 'RedHat', 'Suse'):
        for flag in (True, False):
            for extra in (True, False):
                f = json.loads(json.dumps(base))
                f['os']['family'] = f['osfamily'] = family
                f['flag_fact'] = flag
                if extra:
                    f['no_such_fact'] = True
                node = f'{family}-{flag}-{extra}'.lower()
                path = os.path.join(args.work, f'facts-{node}.json')
                json.dump(f, open(path, 'w'))
                nodes.append((node, path))
    cases = {}
    for i in range(args.n):
        name, m = f'case{i:04d}', Manifest()
        d = os.path.join(args.work, name)
        os.makedirs(os.path.join(d, 'manifests'))
        open(os.path.join(d, 'manifests', 'site.pp'), 'w').write(m.text())
        open(os.path.join(d, 'environment.conf'), 'w').write('modulepath = modules\n')
        functions = os.path.join(d, 'modules', 'm', 'lib', 'puppet', 'parser', 'functions')
        os.makedirs(functions)
        for fname, body in RUBY.items():
            open(os.path.join(functions, fname + '.rb'), 'w').write(
                f"module Puppet::Parser::Functions\n  newfunction(:{fname}, :type => :rvalue) do |args|\n    {body}\n  end\nend\n")
        functions = os.path.join(d, 'modules', 'm', 'lib', 'puppet', 'functions', 'm')
        os.makedirs(functions)
        for fname, body in RUBY4.items():
            open(os.path.join(functions, fname + '.rb'), 'w').write(
                f"Puppet::Functions.create_function(:'m::{fname}') do\n  def {fname}(*args)\n    {body}\n  end\nend\n")
        cases[name] = m.blocks
    violations, summary, compared = 0, {}, {}
    for version in args.puppet.split(','):
        out = os.path.join(args.work, 'out' + version)
        batch = write_batch(args.work, 'batch' + version, cases, nodes, out)
        oracle = [os.path.join(SHARED, 'oracle', 'compile-catalog')]
        if version == '8':
            oracle.insert(0, os.path.join(SHARED, 'puppet8', 'oracle8'))
        subprocess.run(oracle + ['--batch', batch], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if args.compile:
            compared[version] = compare_compiles(args, version, cases, nodes, out)
        counts = dict(confirmed=0, inconclusive=0, violations=0)
        for name, blocks in cases.items():
            r = subprocess.run([args.pp2go, 'check', '--puppet', version, os.path.join(args.work, name)],
                               capture_output=True, text=True)
            for line in r.stdout.splitlines():
                m = re.match(r'.*manifests/site\.pp:(\d+):(\d+): error: (.*) \[([A-Z_]+)\]$', line)
                if not m or m.group(4) == 'UNKNOWN_VARIABLE':
                    # (an unknown $pv, where c neither inherits nor
                    # includes p, fails where a node evaluates it: in a
                    # value's if, case or selector branch, which has no
                    # marker of its own)
                    continue
                at, col, msg = int(m.group(1)), m.group(2), m.group(3)
                marker = min((b for b in blocks if b[1] <= at <= b[2]), key=lambda b: b[2] - b[1])[0]
                kind = 'inconclusive'
                for family, _ in nodes:
                    result = os.path.join(out, f'{name}-{family}')
                    if os.path.exists(result + '.json'):
                        ran = {r['title'] for r in json.load(open(result + '.json'))['resources'] if r['type'] == 'Notify'}
                        if f'r{marker}' in ran:
                            kind = 'violations'
                            print(f'violation: {name} (Puppet {version}, {family} compiles it): {line}')
                            break
                    elif os.path.exists(result + '.error') and kind == 'inconclusive':
                        err = open(result + '.error').read()
                        if msg in err and f'line: {at}, column: {col}' in err:
                            kind = 'confirmed'
                counts[kind] += 1
        violations += counts['violations']
        summary[version] = counts
    print(f'{args.n} manifests, pp2go check errors:',
          '; '.join(f"Puppet {v}: {c['confirmed']} confirmed, {c['inconclusive']} inconclusive, {c['violations']} violations" for v, c in summary.items()))
    differ = 0
    if compared:
        print(f'{args.n} manifests x {len(nodes)} nodes compiled by pp2go:',
              '; '.join(f"Puppet {v}: {c['same']} the same, {c['differ']} differ" for v, c in compared.items()))
        differ = sum(c['differ'] for c in compared.values())
    sys.exit(1 if violations or differ else 0)


def write_batch(work, name, cases, nodes, out):
    """Writes the oracle batch file work/name that compiles every case for
    every node into out (made): out/CASE-NODE.json or .error."""
    os.makedirs(out)
    batch = os.path.join(work, name)
    with open(batch, 'w') as f:
        for case in cases:
            for family, facts in nodes:
                f.write(f'{os.path.join(work, case)} lang.example.com {facts} {os.path.join(out, case + "-" + family)}\n')
    return batch


def outcome(prefix):
    """A compile's outcome: its resources (type, title and parameters), or
    its error's first line."""
    if os.path.exists(prefix + '.json'):
        cat = json.load(open(prefix + '.json'))
        return 'catalog', sorted((r['type'], r['title'], json.dumps(r.get('parameters'), sort_keys=True))
                                 for r in cat['resources'])
    if os.path.exists(prefix + '.error'):
        return 'error', open(prefix + '.error').read().strip().split('\n')[0]
    return 'none', None


def compare_compiles(args, version, cases, nodes, out):
    """Compiles every case for every node with pp2go (conformance/cmd/batch,
    one driver for all) and compares each outcome with Puppet's in out: the
    catalog's resources with their parameters, or the error's first line."""
    mine = os.path.join(args.work, 'pp2go' + version)
    batch = write_batch(args.work, 'pp2go-batch' + version, cases, nodes, mine)
    subprocess.run(['go', 'run', './conformance/cmd/batch', '-puppet', version, '-work', os.path.join(args.work, 'build' + version), batch],
                   cwd=ROOT, check=True)
    counts, shown = dict(same=0, differ=0), 0
    for name in cases:
        for family, _ in nodes:
            want, got = outcome(os.path.join(out, f'{name}-{family}')), outcome(os.path.join(mine, f'{name}-{family}'))
            if want == got:
                counts['same'] += 1
                continue
            counts['differ'] += 1
            if shown < 20:
                shown += 1
                print(f'differs: {name} {family} (Puppet {version}): Puppet {want[0]}: {str(want[1])[:300]}\n'
                      f'    pp2go {got[0]}: {str(got[1])[:300]}')
    return counts


if __name__ == '__main__':
    main()
