# The main manifest of a small example environment.

# Web servers: the web class with two virtual hosts.
node /^web\d+\.example\.com$/ {
  include motd

  class { 'web':
    port   => 8080,
    vhosts => {
      'example.org' => { 'aliases' => ['www.example.org'] },
      'example.net' => { 'port' => 8081 },
    },
  }
}

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
