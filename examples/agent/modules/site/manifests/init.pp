# Everything is managed under $facts['agent_root'], a directory the test
# gives the agent (FACTER_agent_root), never a system path.
class site {
  $root = $facts['agent_root']
  # From the client certificate's pp_role extension, never from the request.
  $role = $trusted['extensions']['pp_role']
  # From modules/site/facts.d (pluginfacts).
  $tier = $facts['site_tier']

  File {
    mode => '0644',
  }

  file { $root:
    ensure => directory,
    mode   => '0755',
  }

  # A single file from the module.
  file { "${root}/motd":
    ensure => file,
    source => 'puppet:///modules/site/motd',
  }

  # A directory tree from the module, recursively.
  file { "${root}/conf.d":
    ensure  => directory,
    recurse => true,
    source  => 'puppet:///modules/site/conf.d',
    mode    => '0755',
  }

  file { "${root}/app.conf":
    ensure  => file,
    content => template('site/app.conf.erb'),
  }

  # Commands without packages, idempotent through creates and unless.
  exec { 'stamp':
    command => "/bin/sh -c 'echo stamped > ${root}/stamp'",
    creates => "${root}/stamp",
    require => File[$root],
  }
  exec { 'log':
    command => "/bin/sh -c 'echo ran >> ${root}/exec.log'",
    unless  => "/bin/grep -q ran ${root}/exec.log",
    require => File[$root],
  }

  # A notify changes something on every run, so it is declared only until
  # the marker file exists: the custom fact site_applied (lib/facter,
  # pluginsync) reads it, and the second run changes nothing.
  file { "${root}/applied":
    ensure  => file,
    content => "applied\n",
  }
  if $facts['site_applied'] != true {
    notify { 'first run':
      message => "first run of ${trusted['certname']} (role ${role}, tier ${tier})",
    }
  }

  # Neither reaches the agent: puppetserver filters virtual and exported
  # resources out of the catalog it serves.
  @@file { "${root}/exported":
    ensure  => file,
    content => "exported\n",
  }
  @notify { 'virtual': }
}
