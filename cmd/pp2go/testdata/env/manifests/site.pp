# The main manifest of a small example environment.
node default {
  include motd

  $packages = ['curl', 'vim']
  package { $packages:
    ensure => installed,
  }

  file { '/etc/hello.conf':
    ensure  => file,
    mode    => '0644',
    content => @("CONF"/L),
      # managed by Puppet
      greeting = ${motd::greeting}
      node     = ${facts['networking']['fqdn']}
      | CONF
    require => Package[$packages],
  }
}
