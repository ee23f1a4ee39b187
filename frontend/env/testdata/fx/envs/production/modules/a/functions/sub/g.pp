function a::sub::g() { 1 }
