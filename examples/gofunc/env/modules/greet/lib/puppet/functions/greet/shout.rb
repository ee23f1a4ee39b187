# Upcases a text and appends an exclamation mark per time.
Puppet::Functions.create_function(:'greet::shout') do
  dispatch :shout do
    param 'String', :text
    optional_param 'Integer[1]', :times
    return_type 'String'
  end

  def shout(text, times = 1)
    text.upcase + ('!' * times)
  end
end
