# A web server: its package, configuration and service, applied in that
# order, and the virtual hosts it serves.
class web (
  Integer[1, 65535] $port = 80,
  Hash[String, Hash] $vhosts = {},
  Enum['running', 'stopped'] $ensure = 'running',
) {
  contain web::install
  contain web::config
  contain web::service

  Class['web::install'] -> Class['web::config'] ~> Class['web::service']

  $vhosts.each |String $name, Hash $options| {
    web::vhost { $name:
      * => $options,
    }
  }
}
