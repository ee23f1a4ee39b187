# stdlib here has Debian 12's any2array.rb, a changed bool2str.rb and no
# validate_integer.rb (stdlib 9 removed it)
node 'ported' {
  notify { String(any2array('x')): }
}
node 'removed' {
  notify { "n=${validate_integer(3)}": }
}
node 'changed' {
  notify { bool2str(true): }
}
