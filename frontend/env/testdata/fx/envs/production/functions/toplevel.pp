function toplevel() { 1 }
