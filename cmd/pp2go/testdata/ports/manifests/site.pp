# stdlib here has Debian 12's validate_augeas.rb, a changed bool2str.rb and no
# validate_integer.rb (stdlib 9 removed it)
node 'ported' {
  notify { String(validate_augeas("root:x:0:0:root:/root:/bin/bash\n", 'Passwd.lns')): }
}
node 'removed' {
  notify { "n=${validate_integer(3)}": }
}
node 'changed' {
  notify { bool2str(true): }
}
