Puppet::Functions.create_function(:"environment::envrb") do def envrb() 1 end end
