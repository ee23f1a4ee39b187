# The end of a relationship that is not in the catalog: Puppet names both
# ends as Puppet::Resource#to_s does (a class's title capitalized).
class regress::relationship_missing_target {
  notify { 'a': }
  Notify['a'] -> Class['regress::absent_class']
}
