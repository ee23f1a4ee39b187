# Writes a message of the day.
class motd (
  String $greeting = 'Hello from pp2go',
  Optional[String[1]] $owner = undef,
) {
  file { '/etc/motd':
    ensure  => file,
    content => epp('motd/motd.epp', { 'greeting' => $greeting }),
    owner   => $owner ? { undef => 'root', default => $owner },
  }
}
