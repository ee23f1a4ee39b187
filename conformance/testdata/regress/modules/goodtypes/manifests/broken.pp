# Loaded only when something looks for goodtypes::broken.
define goodtypes::broken (
  Array[Goodtypes::Nosuch] $list = [],
) {
}
