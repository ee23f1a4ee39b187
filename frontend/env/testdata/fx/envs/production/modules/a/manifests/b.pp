class a::b { }
class a::b::c { }
class a::bx { }
