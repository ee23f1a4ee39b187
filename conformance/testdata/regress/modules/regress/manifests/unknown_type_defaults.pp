# Resource defaults for a type that does not exist (yumrepo is no longer a
# core type in Puppet 7): the type name is evaluated first, and fails.
class regress::unknown_type_defaults {
  notify { 'before': }
  Nosuchtype {
    x => 1,
  }
}
