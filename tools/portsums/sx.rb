require 'ripper'
# prints a Ruby file's syntax tree without positions, comments and doc strings,
# with modifier forms (x if c) written as statements (if c then x end)
def norm(n)
  return n unless n.is_a?(Array)
  if n[0].is_a?(Symbol) && n[0].to_s.start_with?('@')
    return [n[0], n[1]] # token: drop position
  end
  case n[0]
  when :if_mod then return [:if, norm(n[1]), [norm(n[2])], nil]
  when :unless_mod then return [:unless, norm(n[1]), [norm(n[2])], nil]
  when :paren then return norm(n[1].is_a?(Array) && n[1].size == 1 ? n[1][0] : n[1])
  when :arg_paren then return norm(n[1])
  when :assoc_new
    k = n[1]
    key = (k[0] == :@label && k[1] == 'doc:') || (k[0] == :symbol_literal && k.flatten.include?('doc'))
    return [:assoc_new, :doc, :DOC] if key
  when :bodystmt
    return [:bodystmt, norm(n[1]), norm(n[2]), norm(n[3]), norm(n[4])]
  end
  r = n.map { |c| norm(c) }
  # a statement list of one statement is that statement
  r = r.reject { |c| c == [:void_stmt] } if n[0].is_a?(Array) || n[0].nil?
  r
end
s = Ripper.sexp(File.read(ARGV[0]))
require 'pp'
PP.pp(norm(s), $stdout, 100)
