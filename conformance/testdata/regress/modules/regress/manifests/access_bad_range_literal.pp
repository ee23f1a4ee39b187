# The same with literal bounds (a type known at build time).
class regress::access_bad_range_literal {
  $t = Integer[5, 1]
  notify { "${t}": }
}
