# '+' of a Hash and a String: one RUNTIME_ERROR at the expression.
class regress::plus_hash_string {
  $h = { 'a' => 1 }
  $s = 'x'
  $r = $h + $s
  notify { "${r}": }
}
