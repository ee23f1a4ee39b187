class in_sub { }
