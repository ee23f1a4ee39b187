# The web server's package.
class web::install {
  package { 'nginx':
    ensure => installed,
  }
}
