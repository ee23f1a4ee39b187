Puppet::Functions.create_function(:dupfn) do def dupfn() "d" end end
