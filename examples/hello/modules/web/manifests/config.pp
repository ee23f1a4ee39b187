# The web server's main configuration and the directory of its sites.
class web::config {
  $user = $facts['os']['family'] ? {
    'RedHat' => 'nginx',
    default  => 'www-data',
  }

  file { '/etc/nginx/nginx.conf':
    ensure  => file,
    owner   => 'root',
    mode    => '0644',
    content => epp('web/nginx.conf.epp', { 'port' => $web::port, 'user' => $user }),
  }

  file { '/etc/nginx/sites-enabled':
    ensure  => directory,
    recurse => true,
    purge   => true,
  }
}
