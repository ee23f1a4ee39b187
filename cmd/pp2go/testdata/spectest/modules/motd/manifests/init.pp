class motd (String $owner = 'root') {
  file { '/etc/motd':
    ensure  => file,
    owner   => $owner,
    content => motd::greeting($facts['networking']['hostname']),
  }
}
