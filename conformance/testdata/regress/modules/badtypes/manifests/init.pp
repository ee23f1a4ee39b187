# A parameter type naming no type: Puppet fails to load this file, which
# it loads with every other manifest of the module.
class badtypes (
  String $name_ok = 'x',
  Optional[Badtypes::Nosuch] $x = undef,
) {
  notify { 'badtypes': }
}
