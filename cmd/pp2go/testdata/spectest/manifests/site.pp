node default {
  include motd
}
