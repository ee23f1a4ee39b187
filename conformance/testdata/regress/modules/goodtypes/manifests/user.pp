class goodtypes::user {
  include goodtypes
  goodtypes::broken { 'b': }
}
