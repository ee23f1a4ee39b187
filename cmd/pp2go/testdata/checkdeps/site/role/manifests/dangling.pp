# A require of a resource declared nowhere: the compiler refuses it.
class role::dangling {
  file { '/tmp/pp2go-checkdeps/z': ensure => file, require => Package['nope'] }
}
