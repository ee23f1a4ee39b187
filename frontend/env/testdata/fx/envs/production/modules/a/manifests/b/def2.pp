define a::b::def2() { }
