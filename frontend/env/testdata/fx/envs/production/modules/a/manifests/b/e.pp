class a::b::e { }
