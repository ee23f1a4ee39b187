class profile::web {
  $ip = $facts['networking']['ip']
  $short = $facts['networking']['hostname']

  @@host { $trusted['certname']:
    ip           => $ip,
    host_aliases => [$short],
    tag          => ['hosts'],
  }
  @@lb::member { "web_${short}":
    pool    => 'web',
    server  => $ip,
    port    => 8080,
    options => ['check', 'inter 2s'],
    weight  => 10,
  }
  @@lb::member { "api_${short}":
    pool   => 'api',
    server => $ip,
    port   => 9090,
  }
  @@lb::member { "legacy_${short}":
    pool   => 'api',
    server => $ip,
  }
  @@sshkey { $trusted['certname']:
    type => 'ssh-ed25519',
    key  => "AAAAC3NzaC1lZDI1NTE5AAAAI${short}",
  }
  @@file { "/etc/backup.d/${short}.conf":
    content => "host=${trusted['certname']}\npaths=/srv /etc\n",
    tag     => ['backup'],
  }
  @@lb::check { "http_${short}":
    command => "check_http -H ${ip} -p 8080",
    tag     => ['monitoring', 'web'],
  }
  file { '/srv/www':
    ensure => directory,
  }
}
