class profile::lb {
  $ip = $facts['networking']['ip']

  # Its own export is not searched in PuppetDB but collected from the catalog.
  @@host { $trusted['certname']:
    ip  => $ip,
    tag => ['hosts'],
  }
  Host <<| tag == 'hosts' |>>

  lb::pool { ['web', 'api']: }
  Lb::Member <<| pool == 'web' |>> {
    options +> ['backup'],
  }
  Lb::Member <<| pool == 'api' and port != 80 |>>
  Sshkey <<| title == 'web1.example.com' or title == 'web2.example.com' |>> {
    ensure => present,
  }
  File {
    owner => 'backup',
  }
  File <<| tag == 'backup' |>> {
    mode => '0600',
  }
  Lb::Check <<| tag == 'monitoring' |>>
  # Collects the sshkeys collected above again: Puppet skips them.
  Sshkey <<| |>>
}
