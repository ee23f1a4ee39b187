class from_a_pp { }
