# A virtual host: its document root and its site configuration, which the
# service reloads when it changes, and the monitoring check that the
# monitoring server collects (an exported resource).
define web::vhost (
  String $docroot = web::docroot($title),
  Web::Port $port = $web::port,
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

  @@file { "/etc/monitoring/sites/${title}.cfg":
    ensure  => file,
    content => "check_http ${title} ${port}\n",
    tag     => ['monitoring'],
  }
}
