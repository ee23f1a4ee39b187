# Prints the first path segments of the libraries Ruby's own directories
# hold (its standard library and default gems), for rt/erb/libraries.go's
# rubyLibraries; the bundled gems (gem list) and Puppet's dependencies are
# added by hand there.
#
#   ruby rt/erb/tools/rubylibraries.rb
names = {}
[RbConfig::CONFIG['rubylibdir'], RbConfig::CONFIG['archdir']].each do |dir|
  Dir.glob("#{dir}/**/*.{rb,so}").each do |f|
    names[f.delete_prefix("#{dir}/").split('/').first.sub(/\.(rb|so)\z/, '')] = true
  end
end
puts names.keys.sort.join(' ')
