#!/usr/bin/env ruby
# glob.rb -- what Ruby's Pathname.glob (Hiera's glob and globs) matches, for
# rt/hiera's glob tests: makes a file tree, globs each pattern, writes
# glob.json. Usage: ruby glob.rb
require 'json'
require 'pathname'
require 'fileutils'
require 'tmpdir'

FILES = %w[
  data/a.yaml data/b.yaml data/c.json data/.hidden.yaml data/ab.yaml
  data/sub/x.yaml data/sub/deeper/y.yaml data/sub/.h/z.yaml data/other/q.yaml
  data/[x].yaml data/v1.yaml data/v2.yaml data/v10.yaml
].freeze
DIRS = %w[data/empty data/dir.yaml].freeze
PATTERNS = [
  'data/*.yaml', 'data/*', 'data/?.yaml', 'data/{a,b}.yaml', 'data/**/*.yaml', 'data/**/y.yaml',
  'data/sub/**/*', 'data/v[12].yaml', 'data/v[!1].yaml', 'data/v*.yaml', 'data/*/*.yaml',
  'data/{sub,other}/*.yaml', 'data/a*', 'data/\[x\].yaml', 'data/.*.yaml', 'data/nothing/*.yaml',
  'data/**', 'data/*b*.yaml'
].freeze

root = File.join(Dir.tmpdir, "pp2go-glob-#{$$}")
FileUtils.rm_rf(root)
FILES.each { |f| FileUtils.mkdir_p(File.dirname(File.join(root, f))); File.write(File.join(root, f), '') }
DIRS.each { |d| FileUtils.mkdir_p(File.join(root, d)) }
out = { 'files' => FILES, 'dirs' => DIRS, 'globs' => {} }
PATTERNS.each do |pat|
  hits = Pathname.glob(Pathname(root) + pat).reject(&:directory?).map { |p| p.to_s.delete_prefix("#{root}/") }
  out['globs'][pat] = hits
end
FileUtils.rm_rf(root)
File.write(File.join(__dir__, 'glob.json'), JSON.pretty_generate(out) + "\n")
