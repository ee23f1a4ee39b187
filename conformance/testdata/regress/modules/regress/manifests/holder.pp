define regress::holder {
  notify { "inner ${name} ${type($title, 'generalized')} ${type($name, 'generalized')}": }
}
