function environment::envfn() { 1 }
