function a::wrong() { 1 }
