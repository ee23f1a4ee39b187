type A::T = Integer
