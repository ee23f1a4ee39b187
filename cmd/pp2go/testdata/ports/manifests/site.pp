# stdlib here has Debian 12's fqdn_rotate.rb, a changed bool2str.rb and no
# validate_integer.rb (stdlib 9 removed it)
node 'ported' {
  notify { String(fqdn_rotate(['x'])): }
}
node 'removed' {
  notify { "n=${validate_integer(3)}": }
}
node 'changed' {
  notify { bool2str(true): }
}
