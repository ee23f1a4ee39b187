class base_only { }
