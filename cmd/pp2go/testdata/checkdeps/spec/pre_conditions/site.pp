# For the binary's compile --facts-dir in TestCheckDeps: a node whose facts
# name a class includes it (no fact set of the matrix does).
if $facts['include_class'] {
  include $facts['include_class']
}
