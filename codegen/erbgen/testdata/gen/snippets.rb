# snippets.rb -- renders each snippet of SNIPPETS as an inline template
# (what inline_template() does) with a fixed set of variables, with
# capture.rb loaded so that each rendering is recorded.
#
#   ERB_CAPTURE=snippets.jsonl ruby -r./capture.rb snippets.rb snippets.txt MODULES_DIR
#
# SNIPPETS holds one template per line; a template of several lines is
# written between two lines "@@@". Lines starting with "#" are comments.
require 'puppet'
require 'json'

Puppet.initialize_settings([]) rescue nil

file = ARGV[0] or abort 'usage: snippets.rb SNIPPETS MODULES_DIR'
ROOT = ARGV[1] or abort 'usage: snippets.rb SNIPPETS MODULES_DIR'
require_relative 'fake_scope'

VARS = {
  'str' => 'Hello World', 'empty_str' => '', 'spaced' => "  padded\t\n",
  'list' => %w[pear apple fig], 'empty_list' => [], 'nums' => [3, 1, 2],
  'mixed' => ['a', 1, nil, true, 2.5, ['x', 'y']],
  'hash' => { 'b' => 'two', 'a' => 'one', 'c' => 'three' }, 'empty_hash' => {},
  'nested' => { 'web' => { 'port' => 80, 'hosts' => %w[h1 h2], 'opts' => { 'x' => nil } } },
  'num' => 42, 'neg' => -7, 'float' => 3.14159, 'big' => 123_456_789_012, 'zero' => 0,
  't' => true, 'f' => false, 'port' => '8080', 'ip' => '192.0.2.10', 'cidr' => '10.1.2.3/24',
  'version' => '2.4.6', 'unicode' => 'héllo wörld', 'multiline' => "line one\nline two\n",
  'dflt' => :default, 're' => /a(b+)c/, 'yes' => 'yes', 'numstr' => '012',
  'osfamily' => 'Debian', 'apache::version' => '2.4', 'apache::mod_dir' => '/etc/apache2/mods-available',
}.freeze

snippets = []
lines = File.readlines(file, chomp: true)
i = 0
while i < lines.length
  l = lines[i]
  if l == '@@@'
    j = (i + 1...lines.length).find { |k| lines[k] == '@@@' } or abort "unclosed @@@ at line #{i + 1}"
    snippets << lines[i + 1...j].join("\n") + "\n"
    i = j + 1
    next
  end
  snippets << l unless l.empty? || l.start_with?('#')
  i += 1
end

snippets.each do |s|
  w = Puppet::Parser::TemplateWrapper.new(FakeScope.new(Marshal.load(Marshal.dump(VARS))))
  begin
    w.result(s)
  rescue Exception # recorded by capture.rb
  end
end
warn "#{snippets.length} snippets"
