# A reference to a resource of an unknown type, as a function argument:
# the type name fails where it stands.
class regress::unknown_type_access {
  if !defined(Nosuchtype['beats']) {
    notify { 'x': }
  }
}
