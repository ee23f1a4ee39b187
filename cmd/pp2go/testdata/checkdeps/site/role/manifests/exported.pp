# A relationship to an exported resource: the agent's catalog has it not.
class role::exported {
  @@file { '/tmp/pp2go-checkdeps/exported': }
  notify { 'y': before => File['/tmp/pp2go-checkdeps/exported'] }
}
