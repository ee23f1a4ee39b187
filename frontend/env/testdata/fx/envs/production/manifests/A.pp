class from_upper_a { }
