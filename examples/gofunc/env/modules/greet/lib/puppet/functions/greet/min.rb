# The smaller of two integers.
Puppet::Functions.create_function(:'greet::min') do
  dispatch :min do
    param 'Integer', :a
    param 'Integer', :b
    return_type 'Integer'
  end

  def min(a, b)
    a < b ? a : b
  end
end
