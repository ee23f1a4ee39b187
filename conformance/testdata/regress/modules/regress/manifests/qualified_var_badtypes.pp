# A qualified variable of a class of a module whose init.pp cannot load.
class regress::qualified_var_badtypes {
  notify { "v=${badtypes::params::v}": }
}
