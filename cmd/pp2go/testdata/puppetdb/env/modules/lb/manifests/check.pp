# A monitoring check, as a nagios_service would be.
define lb::check (String $command) {
  notify { "check ${title}":
    message => $command,
  }
}
