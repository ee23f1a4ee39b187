Puppet::Functions.create_function(:dupfn) do def dupfn() "e" end end
