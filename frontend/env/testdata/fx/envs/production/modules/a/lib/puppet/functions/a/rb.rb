Puppet::Functions.create_function(:"a::rb") do def rb() 1 end end
