# The web server's service.
class web::service {
  service { 'nginx':
    ensure => $web::ensure,
    enable => $web::ensure == 'running',
  }
}
