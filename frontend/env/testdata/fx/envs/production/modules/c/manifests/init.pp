class c { }
