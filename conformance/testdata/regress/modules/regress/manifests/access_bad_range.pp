# An Integer range with from > to, from a variable.
class regress::access_bad_range {
  $from = 5
  $t = Integer[$from, 1]
  notify { "${t}": }
}
