# The greet module's class uses its Ruby functions; pp2go runs their Go
# versions from go/greet.go instead.
class greet (
  String $who = 'world',
) {
  $shout = greet::shout("hello ${who}", 2)
  $words = greet::count_words(['one two', 'three'])
  $tags = greet::map_words('web db') |$w| { "role_${w}" }
  $low = greet::min(3, 7)

  file { '/etc/greeting':
    ensure  => file,
    content => "${shout}\n${words} words, first ${low}\n${join($tags, ',')}\n",
  }
}
