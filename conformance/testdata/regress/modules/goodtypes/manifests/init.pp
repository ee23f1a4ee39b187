class goodtypes {
  notify { 'goodtypes': }
}
