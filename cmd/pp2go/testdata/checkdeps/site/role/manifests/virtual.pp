# A relationship to a virtual resource that no collector realized: the
# compiler finds it, the agent's catalog has it not.
class role::virtual {
  @user { 'bob': }
  file { '/tmp/pp2go-checkdeps/x':
    ensure  => file,
    require => User['bob'],
  }
}
