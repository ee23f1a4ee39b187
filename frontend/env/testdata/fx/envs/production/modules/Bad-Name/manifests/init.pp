class bad_name { }
