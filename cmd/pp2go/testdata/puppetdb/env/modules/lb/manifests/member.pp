# A balancer member, as haproxy::balancermember: a line of its pool.
define lb::member (
  String $pool,
  String $server,
  Integer $port = 80,
  Array[String] $options = [],
  Optional[Integer] $weight = undef,
) {
  $w = $weight ? { undef => '', default => " weight ${weight}" }
  file { "/etc/lb/${pool}.d/${title}":
    content => "server ${title} ${server}:${port}${w} ${options.join(' ')}\n",
    require => File["/etc/lb/${pool}.d"],
  }
}
