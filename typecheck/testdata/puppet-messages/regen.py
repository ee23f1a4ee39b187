#!/usr/bin/env python3
"""Rewrite the `puppet.error` / `puppet.catalog` section of every case here
with what the real Puppet 7.23 says, and the `puppet8.error` /
`puppet8.catalog` section with what Puppet 8.10 says where that differs, by
running the conformance oracle (Puppet 8.10 through ../shared/conformance/
puppet8/oracle8, which needs root and its setup-chroot).

Each NAME.txtar is a tiny environment: its files (manifests/site.pp,
modules/...), then `-- puppet.error --` with the first line of Puppet's error
for node lang.example.com, or `-- puppet.catalog --` (empty) when Puppet
compiles it. A first comment line `settings: k=v ...` passes Puppet settings
(to both versions; Puppet 8.10's defaults differ: strict=error,
strict_variables=true). Puppet prints paths relative to the environment (the
oracle's convention).

    python3 typecheck/testdata/puppet-messages/regen.py [NAME...]
"""
import os, re, subprocess, sys, tempfile, glob

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, '..', '..', '..', '..', 'shared', 'conformance')
ORACLE = os.path.join(SHARED, 'oracle', 'compile-catalog')
ORACLE8 = os.path.join(SHARED, 'puppet8', 'oracle8')
FACTS = os.path.join(SHARED, 'scenarios', 'err_unknown_class', 'nodes', 'lang.example.com.json')
RESULT = ('puppet.error', 'puppet.catalog', 'puppet8.error', 'puppet8.catalog')
# the oracle command of each Puppet version, and where its outputs go
VERSIONS = (('', [ORACLE]), ('8', [ORACLE8, ORACLE]))


def parse(text):
    comment, files, name = [], [], None
    for line in text.splitlines(keepends=True):
        m = re.match(r'^-- (.+) --\n?$', line)
        if m:
            name = m.group(1)
            files.append([name, ''])
        elif name is None:
            comment.append(line)
        else:
            files[-1][1] += line
    return ''.join(comment), files


def main():
    names = sys.argv[1:] or sorted(os.path.basename(p)[:-6] for p in glob.glob(os.path.join(HERE, '*.txtar')))
    groups = {}
    if os.getuid() != 0:
        sys.exit('regen.py: Puppet 8.10 runs through oracle8, which needs root')
    work = tempfile.mkdtemp(prefix='pp2go-messages-', dir='/tmp')  # oracle8's chroot sees /tmp
    for n in names:
        comment, files = parse(open(os.path.join(HERE, n + '.txtar')).read())
        env = os.path.join(work, n)
        for fname, body in files:
            if fname in RESULT:
                continue
            p = os.path.join(env, fname)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            open(p, 'w').write(body)
        if not os.path.exists(os.path.join(env, 'environment.conf')):
            open(os.path.join(env, 'environment.conf'), 'w').write('modulepath = modules\n')
        m = re.search(r'^# settings: (.*)$', comment, re.M)
        settings = tuple(m.group(1).split()) if m else ()
        groups.setdefault(settings, []).append(n)
    for v, oracle in VERSIONS:
        for settings, ns in groups.items():
            lst = os.path.join(work, 'list')
            with open(lst, 'w') as f:
                for n in ns:
                    f.write(f'{os.path.join(work, n)} lang.example.com {FACTS} {os.path.join(work, "out" + v, n)}\n')
            os.makedirs(os.path.join(work, 'out' + v), exist_ok=True)
            args = oracle + ['--batch', lst]
            for s in settings:
                args += ['--set', s]
            subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for n in names:
        path = os.path.join(HERE, n + '.txtar')
        comment, files = parse(open(path).read())
        files = [f for f in files if f[0] not in RESULT]
        results = []
        for v, _ in VERSIONS:
            err = os.path.join(work, 'out' + v, n + '.error')
            if os.path.exists(err):
                results.append([f'puppet{v}.error', open(err).read().splitlines()[0] + '\n'])
            elif os.path.exists(os.path.join(work, 'out' + v, n + '.json')):
                results.append([f'puppet{v}.catalog', ''])
            else:
                sys.exit(f'regen.py: {n}: the oracle wrote nothing')
        files.append(results[0])
        if results[1][0].replace('8', '', 1) != results[0][0] or results[1][1] != results[0][1]:
            files.append(results[1])
        with open(path, 'w') as f:
            f.write(comment)
            for fname, body in files:
                f.write(f'-- {fname} --\n{body}')


if __name__ == '__main__':
    main()
