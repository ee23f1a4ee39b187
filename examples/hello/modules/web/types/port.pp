# A TCP port a virtual host listens on.
type Web::Port = Integer[1, 65535]
