# A dependency cycle: a require one way, a chain the other.
class role::cycle {
  notify { 'a': require => Notify['b'] }
  notify { 'b': }
  Notify['a'] -> Notify['b']
}
