# ast.rb -- Ruby's own parse of ERB templates, as the normalized
# S-expressions that frontend/erb's parser test prints for its trees.
#
#   ruby frontend/erb/testdata/ast.rb DIR... > frontend/erb/testdata/ast.txt
#
# For each *.erb file under the directories (sorted), and for each snippet
# of frontend/erb/testdata/snippets.txt: the ERB program Ruby's ERB builds
# (trim mode "-", as Puppet), parsed by RubyVM::AbstractSyntaxTree, printed
# as "== NAME" and the S-expression, or "!! SyntaxError" when Ruby rejects
# it. The form leaves out what the two parsers need not agree on (node
# positions, local variable tables, which of CALL/VCALL/FCALL...).
require 'erb'

def q(s)
  s.to_s.dump
end

def seq(node)
  return '(seq)' if node.nil?
  list = node.type == :BLOCK ? node.children : [node]
  # an empty statement (";;") is a BEGIN without body
  list = list.reject { |n| n.type == :BEGIN && n.children[0].nil? }
  "(seq #{list.map { |n| norm(n) }.join(' ')})".sub(/ \)\z/, ')')
end

def args_list(node)
  return [] if node.nil?
  case node.type
  when :LIST
    node.children.compact.map { |c| norm(c) }
  when :ZLIST
    []
  when :ARGSCAT
    args_list(node.children[0]) + ["(splat #{norm(node.children[1])})"]
  when :ARGSPUSH
    args_list(node.children[0]) + [norm(node.children[1])]
  when :SPLAT
    ["(splat #{norm(node.children[0])})"]
  when :BLOCK_PASS
    args_list(node.children[0]) + ["(blockpass #{norm(node.children[1])})"]
  else
    [norm(node)]
  end
end

def call(recv, name, args, block = nil)
  parts = [recv, name.to_s.dump, "(#{args.join(' ')})".sub('( ', '(')]
  parts << block if block
  "(call #{parts.join(' ')})"
end

def scope_params(scope)
  tbl, args, _body = scope.children
  return [] if args.nil?
  pre_num, pre_init, opt, _fp, post_num, _pi, rest, _kw, _kwrest, blk = args.children
  names = tbl.first(pre_num).map { |n| "(param #{n})" }
  # destructuring: pre_init holds the masgn of (a, b)
  if pre_init
    names = destructured(tbl, pre_num, pre_init)
  end
  o = opt
  while o
    lasgn, nxt = o.children
    names << "(opt #{lasgn.children[0]} #{norm(lasgn.children[1])})"
    o = nxt
  end
  names << "(rest #{rest})" if rest && rest != :* && rest != :NODE_SPECIAL_EXCESSIVE_COMMA
  names << '(rest)' if rest == :*
  names << "(blockparam #{blk})" if blk
  names << '(trailingcomma)' if rest == :NODE_SPECIAL_EXCESSIVE_COMMA
  names
end

def destructured(tbl, pre_num, pre_init)
  # pre_init is a BLOCK of MASGNs for the anonymous parameters
  inits = pre_init.type == :BLOCK ? pre_init.children : [pre_init]
  by_var = {}
  inits.each do |m|
    next unless m.type == :MASGN
    value, lhs, _rest = m.children
    var = value.children[0]
    by_var[var] = lhs.children.compact.map { |a| a.children[0] }
  end
  tbl.first(pre_num).map do |n|
    if by_var[n]
      "(destructure #{by_var[n].join(' ')})"
    else
      "(param #{n})"
    end
  end
end

def block(scope)
  ps = scope_params(scope)
  "(block (#{ps.join(' ')}) #{seq(scope.children[2])})"
end

# flat lists the operands of a chain of && (or of ||)
def flat(node)
  node.children.flat_map { |x| x&.type == node.type ? flat(x) : [x] }
end

def lit(v)
  case v
  when String then "(str #{q(v)})"
  when Integer then "(int #{v})"
  when Float then "(float #{v.inspect})"
  when Symbol then "(sym #{q(v)})"
  when Regexp
    flags = ''
    flags += 'm' if v.options & Regexp::MULTILINE != 0
    flags += 'i' if v.options & Regexp::IGNORECASE != 0
    flags += 'x' if v.options & Regexp::EXTENDED != 0
    "(regex #{q(v.source)} #{q(flags)})"
  when Range
    "(range #{lit(v.begin)} #{lit(v.end)} #{v.exclude_end?})"
  when nil then '(nil)'
  else "(lit #{q(v.inspect)})"
  end
end

def dparts(node)
  first, *rest = node.children
  parts = []
  parts << "(str #{q(first)})" unless first.nil? || first.empty?
  rest.compact.each do |p|
    case p.type
    when :EVSTR then parts << "(eval #{p.children[0] ? norm(p.children[0]) : '(nil)'})"
    when :STR then parts << "(str #{q(p.children[0])})"
    when :LIST
      p.children.compact.each do |x|
        parts << (x.type == :STR ? "(str #{q(x.children[0])})" : "(eval #{norm(x.type == :EVSTR ? x.children[0] : x)})")
      end
    else parts << "(eval #{norm(p)})"
    end
  end
  # merge adjacent literals
  merged = []
  parts.each do |p|
    if merged.last&.start_with?('(str ') && p.start_with?('(str ')
      a = eval(merged.last[5..-2]) # rubocop:disable Security/Eval
      b = eval(p[5..-2]) # rubocop:disable Security/Eval
      merged[-1] = "(str #{q(a + b)})"
    else
      merged << p
    end
  end
  merged.join(' ')
end

def target(node)
  case node.type
  when :LASGN, :DASGN, :DASGN_CURR then "(lvar #{node.children[0]})"
  when :IASGN then "(ivar #{node.children[0]})"
  when :GASGN then "(gvar #{node.children[0]})"
  else "(?target #{node.type})"
  end
end

def norm(node)
  return '(nil)' if node.nil?
  c = node.children
  case node.type
  when :BLOCK then seq(node)
  when :NIL then '(nil)'
  when :TRUE then '(true)'
  when :FALSE then '(false)'
  when :SELF then '(self)'
  when :LIT then lit(c[0])
  when :STR then "(str #{q(c[0])})"
  when :DSTR then "(dstr #{dparts(node)})"
  when :DSYM then "(dsym #{dparts(node)})"
  when :DREGX
    "(dregex #{dparts(node)})"
  when :XSTR, :DXSTR then '(xstr)'
  when :EVSTR then "(dstr (eval #{norm(c[0])}))"
  when :ARRAY, :LIST then "(array #{args_list(node).join(' ')})".sub(/ \)\z/, ')')
  when :ZLIST then '(array)'
  when :HASH
    items = c[0] ? c[0].children.compact.map { |x| norm(x) } : []
    "(hash #{items.join(' ')})".sub(/ \)\z/, ')')
  when :DOT2, :DOT3 then "(range #{norm(c[0])} #{norm(c[1])} #{node.type == :DOT3})"
  when :LVAR, :DVAR then "(lvar #{c[0]})"
  when :IVAR then "(ivar #{c[0]})"
  when :GVAR then "(gvar #{c[0]})"
  when :BACK_REF then "(gvar $#{c[0]})"
  when :NTH_REF then "(nth #{c[0].to_s.delete('$')})"
  when :CONST then "(const #{c[0]})"
  when :COLON2 then "(const #{norm(c[0]).sub(/\A\(const /, '').chomp(')')}::#{c[1]})"
  when :COLON3 then "(const ::#{c[0]})"
  when :CALL, :QCALL
    recv = norm(c[0])
    recv = "(safe #{recv})" if node.type == :QCALL
    call(recv, c[1], args_list(c[2]))
  when :OPCALL
    if c[1] == :! && c[2].nil?
      "(not #{norm(c[0])})"
    else
      call(norm(c[0]), c[1], args_list(c[2]))
    end
  when :FCALL then call('-', c[0], args_list(c[1]))
  when :VCALL then call('-', c[0], [])
  when :ITER
    inner = norm(c[0])
    blk = block(c[1])
    inner.sub(/\)\z/) { " #{blk})" }
  when :AND, :OR then "(#{node.type.to_s.downcase} #{flat(node).map { |x| norm(x) }.join(' ')})"
  when :NOT then "(not #{norm(c[0])})"
  when :IF then "(if #{norm(c[0])} #{seq(c[1])} #{c[2] ? seq(c[2]) : '-'})"
  when :UNLESS then "(if #{norm(c[0])} #{c[2] ? seq(c[2]) : '-'} #{seq(c[1])})"
  when :CASE, :CASE2
    subject = node.type == :CASE ? norm(c[0]) : '-'
    w = node.type == :CASE ? c[1] : c[1]
    whens = []
    els = '-'
    while w
      if w.type == :WHEN
        conds, body, nxt = w.children
        whens << "(when (#{args_list(conds).join(' ')}) #{seq(body)})"
        w = nxt
      else
        els = seq(w)
        w = nil
      end
    end
    "(case #{subject} #{whens.join(' ')} #{els})"
  when :WHILE then "(while #{norm(c[0])} #{seq(c[1])})"
  when :UNTIL then "(until #{norm(c[0])} #{seq(c[1])})"
  when :LASGN, :DASGN, :DASGN_CURR, :IASGN, :GASGN
    "(asgn #{target(node)} #{norm(c[1])})"
  when :ATTRASGN
    if c[1] == :[]=
      a = args_list(c[2])
      "(asgn (index #{norm(c[0])} #{a[0..-2].join(' ')}) #{a[-1]})"
    else
      "(asgn (attr #{norm(c[0])} #{c[1].to_s.chomp('=').dump}) #{args_list(c[2]).last})"
    end
  when :OP_ASGN_OR then "(opasgn #{norm(c[0])} \"||\" #{norm(c[2].children[1])})"
  when :OP_ASGN_AND then "(opasgn #{norm(c[0])} \"&&\" #{norm(c[2].children[1])})"
  when :OP_ASGN1
    recv, op, idx, val = c
    "(opasgn (index #{norm(recv)} #{args_list(idx).join(' ')}) #{op.to_s.dump} #{norm(val)})"
  when :MASGN then '(masgn)'
  when :DEFINED then "(defined #{norm(c[0])})"
  when :SPLAT then "(splat #{norm(c[0])})"
  when :RESCUE
    body, resbody, els = c
    clauses = []
    r = resbody
    while r
      classes, rbody, nxt = r.children
      var = nil
      if rbody && rbody.type == :BLOCK && %i[LASGN DASGN DASGN_CURR].include?(rbody.children[0].type) && rbody.children[0].children[1].type == :ERRINFO
        var = rbody.children[0].children[0]
        rest = rbody.children[1..]
        rbody_s = "(seq #{rest.map { |n| norm(n) }.join(' ')})".sub(/ \)\z/, ')')
      elsif rbody && %i[LASGN DASGN DASGN_CURR].include?(rbody.type) && rbody.children[1]&.type == :ERRINFO
        var = rbody.children[0]
        rbody_s = '(seq)'
      else
        rbody_s = seq(rbody)
      end
      clauses << "(rescue (#{args_list(classes).join(' ')}) #{var || '-'} #{rbody_s})"
      r = nxt
    end
    "(begin #{seq(body)} #{clauses.join(' ')} #{els ? seq(els) : '-'} -)"
  when :ENSURE
    body, ens = c
    inner = norm(body)
    if inner.start_with?('(begin ')
      ens_s = seq(ens)
      inner.sub(/ -\)\z/) { " #{ens_s})" }
    else
      "(begin #{seq(body)}  - #{seq(ens)})"
    end
  when :DEFN
    name, scope = c
    "(def #{name} (#{scope_params(scope).join(' ')}) #{seq(scope.children[2])})"
  when :RETURN then "(return #{c[0] ? norm(c[0]) : '-'})"
  when :NEXT then "(next #{c[0] ? norm(c[0]) : '-'})"
  when :BREAK then "(break #{c[0] ? norm(c[0]) : '-'})"
  when :BEGIN then c[0] ? seq(c[0]) : '(seq)'
  when :ERRINFO then '(gvar $!)'
  when :MATCH2 then call(norm(c[0]), :=~, [norm(c[1])])
  when :MATCH3 then call(norm(c[1]), :=~, [norm(c[0])])
  else "(?#{node.type})"
  end
end

# program turns ERB's generated statements into (text) and (out) forms.
def program(src)
  ruby = ERB.new(src, trim_mode: '-').src.sub(/\A#coding:[^\n]*\n/, '')
  ast = RubyVM::AbstractSyntaxTree.parse(ruby)
  body = ast.children[2]
  stmts = body.nil? ? [] : (body.type == :BLOCK ? body.children : [body])
  out = []
  stmts.each_with_index do |s, i|
    # _erbout = +'' and the final _erbout
    next if s.type == :LASGN && s.children[0] == :_erbout
    next if s.type == :LVAR && s.children[0] == :_erbout && i == stmts.length - 1
    out << norm(s)
  end
  "(seq #{out.join(' ')})".sub(/ \)\z/, ')')
end

def erbout_call?(n)
  n&.type == :CALL && %i[LVAR DVAR].include?(n.children[0]&.type) && n.children[0].children[0] == :_erbout && n.children[1] == :<<
end

alias norm_plain norm

# norm with ERB's output commands shown as (text) and (out)
def norm(node)
  if erbout_call?(node)
    arg = node.children[2].children[0]
    if arg.type == :CALL && arg.children[1] == :freeze && arg.children[0].type == :STR
      return "(text #{q(arg.children[0].children[0])})"
    end
    if arg.type == :CALL && arg.children[1] == :to_s && arg.children[2].nil?
      return "(out #{norm(arg.children[0])})"
    end
  end
  norm_plain(node)
end

def emit(name, src)
  puts "== #{name}"
  begin
    puts program(src)
  rescue SyntaxError
    puts '!! SyntaxError'
  end
end

ARGV.each do |dir|
  Dir.glob(File.join(dir, '**', '*.erb')).sort.each do |f|
    emit(f.delete_prefix(dir).delete_prefix('/'), File.read(f))
  end
end
snippets = File.join(__dir__, 'snippets.txt')
if File.exist?(snippets)
  File.read(snippets).split(/^@@@\n/).each_with_index do |s, i|
    emit("snippet #{i + 1}", s)
  end
end
