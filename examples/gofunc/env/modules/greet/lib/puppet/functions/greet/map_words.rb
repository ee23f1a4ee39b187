# Calls the lambda with each word of a text and returns the results.
Puppet::Functions.create_function(:'greet::map_words') do
  dispatch :map_words do
    param 'String', :text
    block_param 'Callable[String]', :block
  end

  def map_words(text)
    text.split.map { |w| yield(w) }
  end
end
