# An unknown type name inside a type expression.
class regress::unknown_type_nested {
  $x = 'a' =~ Optional[Variant[String, Regress::Nosuchalias]]
  notify { "${x}": }
}
