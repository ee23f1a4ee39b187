class badtypes::params {
  $v = 1
  notify { 'params': }
}
