class badmeta { }
