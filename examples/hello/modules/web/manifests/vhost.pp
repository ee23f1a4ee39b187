# A virtual host: its document root and its site configuration, which the
# service reloads when it changes.
define web::vhost (
  String $docroot = "/srv/www/${title}",
  Integer[1, 65535] $port = $web::port,
  Array[String] $aliases = [],
) {
  file { $docroot:
    ensure => directory,
  }

  file { "/etc/nginx/sites-enabled/${title}.conf":
    ensure  => file,
    content => epp('web/vhost.conf.epp', {
      'name'    => $title,
      'port'    => $port,
      'docroot' => $docroot,
      'aliases' => $aliases,
    }),
    require => [Package['nginx'], File[$docroot]],
    notify  => Class['web::service'],
  }
}
