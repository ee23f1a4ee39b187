# Counts the words of a text, or of each text of an array.
Puppet::Functions.create_function(:'greet::count_words') do
  dispatch :count_text do
    param 'String', :text
  end

  dispatch :count_texts do
    param 'Array[String]', :texts
  end

  def count_text(text)
    text.split.size
  end

  def count_texts(texts)
    texts.map { |t| count_text(t) }.sum
  end
end
