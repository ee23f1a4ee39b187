#!/usr/bin/env ruby
# Regenerates the expected results of the parser tests from Puppet 7.23 itself.
#
#   ruby frontend/parser/testdata/regen.rb frontend/parser/testdata/*.txtar
#
# The cases of testdata/puppet8 are Puppet 8.10's (strict=error): run it there
# under ../shared/conformance/puppet8/oracle8 ruby $PWD/frontend/parser/testdata/regen.rb
# $PWD/frontend/parser/testdata/puppet8/*.txtar
#
# Each .txtar file holds cases as sections "NAME.pp" (or "NAME.epp") followed
# by "NAME.want". For each case this parses and validates the source as
# `puppet parser dump` does (with the file name NAME.pp), and writes into
# NAME.want what Puppet produced: the PN dump, or "error: MESSAGE", preceded
# by one "log: LEVEL: MESSAGE" line per message Puppet logged.
# Not run by the tests (they need no Puppet); run it after adding cases.
require 'puppet'
require 'puppet/pops/pn'
require 'puppet/test/test_helper'

# Puppet 7.23's PN transformer crashes on parameters that capture the rest;
# the conformance oracle (pn-dump.rb) replaces the one faulty method the same way.
module Puppet::Pops
  module Model
    class PNTransformer
      def parameters_entry(parameters)
        PN::Map.new(parameters.map do |p|
          entries = []
          entries << transform(p.type_expr).with_name('type') unless p.type_expr.nil?
          entries << PN::Literal.new(true).with_name('splat') if p.captures_rest
          entries << transform(p.value).with_name('value') unless p.value.nil?
          PN::Map.new(entries).with_name(p.name)
        end).with_name('params')
      end
    end
  end
end

Puppet.initialize_settings(['--confdir', Dir.mktmpdir, '--vardir', Dir.mktmpdir])

def run(name, src)
  logs = []
  Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(logs))
  Puppet::Util::Log.level = :warning
  out = +''
  begin
    parser = name.end_with?('.epp') ? Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new : Puppet::Pops::Parser::EvaluatingParser.new
    res = parser.parse_string(src, name)
    Puppet::Pops::Model::PNTransformer.transform(res).format(nil, out)
  rescue StandardError => e
    # Ruby decorates NameError messages with a source excerpt (error_highlight);
    # that is Ruby's, not Puppet's.
    msg = e.is_a?(NameError) ? e.message.split("\n\n").first : e.message
    out = "error: #{msg}"
  ensure
    Puppet::Util::Log.close_all
  end
  lines = logs.map { |l| "log: #{l.level}: #{l.message}#{Puppet::Util::Errors.error_location_with_space(l.file, l.line, l.pos)}" }
  (lines + [out]).join("\n") + "\n"
end

loaders = Puppet::Pops::Loaders.new(Puppet::Node::Environment.create(:x, []))
Puppet.override(loaders: loaders) do
  ARGV.each do |path|
    sections = []
    parts = File.read(path, encoding: 'utf-8').split(/^(-- .+ --)\n/, -1)
    comment = parts.shift
    parts.each_slice(2) do |header, body|
      sections << [header[3..-4], body || '']
    end
    out = +comment
    sections.each do |name, body|
      next if name.end_with?('.want')
      out << "-- #{name} --\n" << body
      out << "-- #{name.sub(/\.e?pp\z/, '.want')} --\n" << run(name, body)
    end
    File.write(path, out)
  end
end
