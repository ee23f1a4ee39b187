define lb::pool () {
  file { "/etc/lb/${title}.d":
    ensure  => directory,
    purge   => true,
    recurse => true,
  }
}
