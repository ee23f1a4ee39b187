# A missing source of a defined type, on the left of a class.
class regress::relationship_missing_source {
  Regress::Thing['x::y'] -> Class['regress::relationship_missing_source']
}
