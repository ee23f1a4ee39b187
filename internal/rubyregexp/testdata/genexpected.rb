# Generates expected.json: for each pattern below, what Ruby's
# Regexp.new(pattern) does (nil when it compiles, else RegexpError#message).
# Run with the Ruby that Puppet uses (3.1) and a UTF-8 locale; not run by tests.
#
#   LANG=C.UTF-8 ruby internal/rubyregexp/testdata/genexpected.rb
require 'json'

PATTERNS = [
  # plain, anchors, alternation
  '', 'a', 'abc', 'a|b', '|', 'a||b', '^', '$', '^a$', '\A', '\z', '\Z', '\G', '\b', '\B', '\K', 'a\Kb', '.',
  # quantifiers
  'a*', 'a+', 'a?', 'a*?', 'a+?', 'a??', 'a*+', 'a++', 'a?+', 'a{2}', 'a{2,}', 'a{,2}', 'a{2,3}', 'a{2}?', 'a{2}+',
  'a{2,3}?', 'a{2,3}+', 'a**', 'a*+*', '(?:a*)+', '(?:a+)?', 'a{0}', 'a{1}', 'a{1,1}', 'a{,}', 'a{}', 'a{x}', 'a{1,x}',
  'a{', 'a{1', 'a{1,', 'a{1,2', '{', '{1}', 'x{1}{2}', 'a{2,1}', 'a{100000}', 'a{100001}', 'a{1,100001}',
  'a{99999999999}', 'a{,100001}', '*', '+', '?', '*a', 'a|*', '(*)', '(?:*)', '(?i)*', '^*', '$+', '\b*', '(?=a)*', '\K+',
  'ab+', 'ab{2}c', 'a{1}{2}', 'a{2}{3}', 'a?*', 'a+*',
  # groups
  '(', ')', '()', '(a)', '((a)b)', 'a)', '(a', '(?:a)', '(?:', '(?', '(?=a)', '(?!a)', '(?<=a)', '(?<!a)', '(?>a)',
  '(?~a)', '(?~)', '(?~abc)', '(?<a>x)', "(?'a'x)", '(?<a>x)(?<a>y)', '(?<>x)', "(?''x)", '(?<1a>x)', '(?<-a>x)',
  '(?<a)', '(?<a', '(?<', '(?<a>', "(?'a>x)", '(?<a b>x)', '(?<a-b>x)', '(?<é>x)\k<é>', '(?P<a>x)', '(?#comment)a',
  '(?#', '(?#abc', '(?#a\)b)', '(?#a(b)', 'a(?#x)*', '(?z)', '(?^)', '(?s)', '(?l)', '(?-a)', '(?-u)', '(?-d)',
  # options
  '(?i)a', '(?m)a', '(?x)a b', '(?imx-imx)', '(?imx-imx:a)', '(?i', '(?i-', '(?i:', '(?-i)a', '(?a)\w', '(?d)\w',
  '(?u)\w', '(?ia)', '(?x) a # c', "(?x)a #c\n+", '(?x)a +', '(?x)[ ]', '(?x)\ ', "(?x)a\n#c\n)", '(?x:a)#)', '(?i)(?x)',
  # escapes
  '\d\D\w\W\s\S\h\H', '\R', '\X', '\n\t\r\f\v\a\e', '\x41', '\x4', '\x', '\xg', '\x{41}', '\xff', '\xE3\x81\x82',
  '\xE3\x81', '\xE3', '\xE3a', '\xC0\x80', '\xED\xA0\x80', '\xF4\x90\x80\x80', '\0', '\00', '\000', '\0000', '\07',
  '\08', '\177', '\200', '\377', '\400', '\1', '\9', '\10', '\11', '\12', '\18', '\100', '(a)\10', '\c', '\ca',
  '\cA', '\c?', '\c\\', '\c\ca', '\cあ', '\C', '\C-', '\Ca', '\C-a', '\C-\M-a', '\M', '\M-', '\Mx', '\M-a', '\M-\C-a',
  '\M-\M-a', '\c\M-a', '\M-\d', '\u', '\u1', '\u12', '\u123', '\u0041', '\u00e9', '\uD800', '\uDFFF', '\u{', '\u{}',
  '\u{41}', '\u{41 42}', '\u{ 41 }', '\u{41', '\u{41 x}', '\u{110000}', '\u{10FFFF}', '\u{1234567}', '\u{0}',
  '\u{D800}', '[\u{41 42}]', '\u005B', '\u0028', '\y', '\q', '\Q', '\E', '\o{101}', '\<', '\>', '\`', "\\'", '\é',
  '\\', 'a\\', '\\\\', '[\\\\]',
  # properties
  '\p', '\pL', '\p{', '\p{}', '\p{^}', '\p{L}', '\p{Lu}', '\p{Ll}', '\p{Letter}', '\p{Uppercase_Letter}', '\p{lu}',
  '\p{L u}', '\p{ L }', '\p{L-u}', '\p{^L}', '\P{L}', '\P{^L}', '\p{Alpha}', '\p{alpha}', '\p{Greek}', '\p{Grek}',
  '\p{Latin}', '\p{Han}', '\p{Hiragana}', '\p{In_Greek}', '\p{In_Greek_and_Coptic}', '\p{Age=6.0}', '\p{Age=99.0}',
  '\p{Emoji}', '\p{Word}', '\p{XPosixPunct}', '\p{Any}', '\p{Assigned}', '\p{L&}', '\p{LC}', '\p{Is_Greek}',
  '\p{Foo}', '\p{Foo(}', '\p{a|b}', '\p{Alpha', '\p{é}', '[\p{Alpha}]', '[\p{Foo}]', '[\P{^Alpha}]',
  '\p{Alphabetic}', '\p{White_Space}', '\p{Cased}', '\p{Unknown}', '\p{Zzzz}', '\p{Common}',
  '\p{ThisIsAVeryLongPropertyNameThatGoesOnAndOnAndOnForeverAndEver}',
  # character classes
  '[a]', '[abc]', '[^a]', '[a-z]', '[z-a]', '[b-a]', '[a-a]', '[]', '[^]', '[]a]', '[^]a]', '[]\]', '[', '[a', '[a-',
  '[a-]', '[-a]', '[--]', '[a-b-c]', '[!--]', '[!--x]', '[a-\w]', '[\w-a]', '[\w-]', '[a-\d]', '[\d-\w]',
  '[a-[b]]', '[a-[b]c]', '[[a]]', '[[a]', '[a&&b]', '[a&&]', '[&&a]', '[a-&&b]', '[a-z&&[^aeiou]]', '[&&]',
  '[[:alpha:]]', '[[:^alpha:]]', '[[:word:]]', '[[:foo:]]', '[[:alpha]]', '[[:alpha:]', '[[:word:]', '[[:a:]]',
  '[[:alpha:]-a]', '[a-[:alpha:]]', '[[:\]:]]', '[[:', '[[:x', '[:alpha:]', '[\d]', '[\x41-\x5a]', '[\x5a-\x41]',
  '[\n-\r]', '[\r-\n]', '[é-a]', '[a-é]', '[é-è]', '[è-é]', '[\u0100-\u00ff]', '[\1]', '[\18]', '[\0]', '[\8]',
  '[\b]', '[\p{L}-a]', '[\c]', '[\x]', '[\xff]', '[\u{41}]', '[\u]', '[a\]', '[\]', '[\u00e9-\u00e8]',
  # back references
  '(a)\1', '(a)\2', '(a)(b)\2', '(a\1)', '\k<a>', '\k<a>(?<a>x)', '(?<a>x)\k<a>', "(?<a>x)\\k'a'",
  '(?<a>x)\k<b>', '(?<a>x)\1', '(?<a>x)(b)\2', '(?<a>x)(?<a>y)\k<a>', '\k<1>', '(a)\k<1>', '(a)\k<2>', '\k<-1>',
  '(a)\k<-1>', '(a)\k<-2>', '\k<0>', '\k<-0>', '\k<->', '\k<a', '\k<', '\k', '\kx', '\k<>', '(?<a>x)\k<a+1>',
  '(?<a>x)\k<a-1>', '(?<a>x)\k<a+>', '(?<a>x)\k<a+x>', '(?<a>x)\k<a+1', '\k<a+', '(a)\k<1+0>', '\k<99999999999>',
  '(?<a>x)\k<a١>', '(a)\k<١>', '(?<a-b>x)\k<a-b>', '(?<a)b>x)', '(?<a>x)\k<a)>', '\k<1a>', '\k<1!>',
  # subexpression calls
  '\g<1>', '(a)\g<1>', '(a)\g<2>', '\g<0>', 'a\g<0>?', '\g<-1>', '(a)\g<-1>', '(a)\g<+1>', '\g<+1>', '(a)\g<+1>(b)',
  '\g<a>', '\g<a>(?<a>x)', '(?<a>x)\g<a>', '(?<a>x)(?<a>y)\g<a>', '(?<a>x)\g<1>', '\g<0a>', '(?<a>x)\g<0a>', '\g',
  '\gx', '\g<', '\g<>', '\g<1', '\g<1!>', '\g<1a>', '\g<+0>', '\g<-0>', '\g<99999999999>', "(a)\\g'1'",
  '(?<a>\g<a>)', '(?<a>a\g<a>)', '(?<a>a|\g<a>)', '(?<a>\g<a>|a)', '(a|\g<1>b)', '(a|b\g<1>)', '(?<a>(?:\g<a>)?)',
  '(?<a>\g<a>?)', '(?<a>\g<a>*a)', '(a\g<1>?)', '(?<a>x)(?<b>\g<a>\g<b>)', '(\g<2>)(\g<1>)', '(a\g<2>)(\g<1>)',
  '(?<a>(?=\g<a>))', '\g<0>a', 'a|\g<0>',
  # conditionals
  '(a)(?(1)b)', '(a)(?(1)b|c)', '(a)(?(1)b|c|d)', '(?(1)a)', '(a)(?(2)a)', '(?(0)a)', '(?(-1)a)', '(?(a)b)',
  '(?(', '(?(1', '(?(1)', '(?<a>x)(?(<a>)b)', "(?<a>x)(?('a')b)", '(?<a>x)(?(<a>b)', '(?<a>x)(?(<b>)c)',
  '(?<a>x)(?(1)a)', '(?<a>x)(?(5)a)', '(?<a>x)(y)(?(2)a)', '(?<a>x)(y)(?(3)a)', '(?<a>x)(y)\1(?(3)a)',
  '(?<a>x)(y)(?(3)a)\1', '(a)(?(1)(?:b|c))', '(a)(?(1)(?:b|c|d))', '(a)(?(<1>)b)', '(a)(?(1a)b)', '(a)(?(1!)b)',
  # look-behind
  '(?<=ab)', '(?<=a+)', '(?<=a*)', '(?<=a?)', '(?<=a{2})', '(?<=a{2,3})', '(?<=a|bc)', '(?<=a|b+)',
  '(?<=x(?:a|bc))', '(?<=x(?:a|b))', '(?<=(a))', '(?<=(a|bc))', '(?<!(a))', '(?<!a|bc)', '(?<=\1)(a)',
  '(a)(?<=\1)', '(?<=\R)', '(?<=\X)', '(?<=a$)', '(?<=^a)', '(?<=a\z)', '(?<=a\Z)', '(?<=\Aa)', '(?<=\Ga)',
  '(?<=\ba\B)', '(?<=a\K)', '(?<=(?=a))', '(?<=(?!a))', '(?<=(?<=a)b)', '(?<=(?<!a)b)', '(?<=(?>a))', '(?<=a++)',
  '(?<=(?~a))', '(?<=(?i)a)', '(?<=(?i:a|bc))', '(?<=a(?i)b|cd)', '(?<!(?i)a)', '(?<=\w\d\s.)', '(?<=[a-z])',
  '(?<=\p{L})', '(?<=(?<a>x))', '(?<!(?<a>x))', '(?<a>x)(?<=\g<a>)', '(?<=\g<1>)(a)', '(?<=\g<1>)(a+)',
  '(?<=(?(1)a|b))(a)', '(?<=(?:a|bc){0})', '(?<=(?:a|b){2})', '(?<=(?:ab|c){2})', '(?<=é)', '(?<=éa|b)',
  '(?<n>x)(?<=(a|bc))', '(?<n>x)(?<!(a))',
  # ignore-case look-behind (Unicode case folding)
  '(?i)(?<=ß)', '(?i)(?<=ss)', '(?i)é(?<=ss)', '(?i)é(?<=xss)', '(?i)é(?<=class)', '(?i)(?<=class)',
  '(?i)(?<=x(?:ß|ab))', '(?i)(?<=x(?:ß|a))', '(?i)(?<=xﬀ)', '(?i)(?<=ﬀ)', '(?i)é(?<=[[:alpha:]]x)', '(?i)é(?<=[ßa]x)',
  '(?i)é(?<=[ß]x)', '(?i)é(?<=\p{L}x)', '(?i)é(?<=[\w]x)', '(?i)é(?<=\wx)', '\p{L}(?i)(?<=first)',
  # nesting limits
  '(' * 4095 + ')' * 4095, '(' * 4096 + ')' * 4096, '(?:' * 4094 + ')' * 4094, '[' * 4095 + ']' * 4095,
  '[' * 4096 + ']' * 4096, 'a' + '*' * 5000, '()' * 32767, '()' * 32768,
  # message formatting
  '/[', 'a/b(', 'é/[', "\n[", "\t[", "\x01[", "\x7f[", 'é[', '😀/[', 'a\/[', '\/[', "a\x00(", "\xff".b.force_encoding('UTF-8'),
  "a\xff(".b.force_encoding('UTF-8'), "\\\xff(".b.force_encoding('UTF-8'), "\\\x01/(", 'a' * 60 + '\k<' + 'b' * 60 + '>',
  '\p{' + 'x' * 60 + '}',
]

def utf8?(s)
  s.dup.force_encoding('UTF-8').valid_encoding?
end

out = PATTERNS.map do |pat|
  pat = pat.dup.force_encoding('UTF-8')
  err = begin
    Regexp.new(pat)
    nil
  rescue RegexpError => e
    e.message
  end
  h = {}
  if utf8?(pat) then h['pattern'] = pat else h['pattern_hex'] = pat.unpack1('H*') end
  if err.nil? || utf8?(err) then h['error'] = err else h['error_hex'] = err.b.unpack1('H*') end
  h
end
dups = PATTERNS.group_by(&:itself).select { |_, v| v.size > 1 }.keys
abort "duplicate patterns: #{dups.inspect}" unless dups.empty?
File.write(File.join(__dir__, 'expected.json'), JSON.pretty_generate(out) + "\n")
warn "#{out.size} cases, #{out.count { |h| h['error'] || h['error_hex'] }} errors"
