# Relationships the agent accepts: a realized virtual resource, a chain.
class role::ok {
  @user { 'alice': }
  realize(User['alice'])
  file { '/tmp/pp2go-checkdeps/ok': ensure => file, require => User['alice'] }
  notify { 'first': } -> notify { 'second': }
}
