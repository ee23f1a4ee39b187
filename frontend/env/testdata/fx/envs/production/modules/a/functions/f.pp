function a::f() { 1 }
