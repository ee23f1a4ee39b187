# create_resources keeps a title that is not a String (an Integer key):
# Puppet then neither tags the resource with it nor takes it for the
# namevar's value, which the catalog lists as the title's string.
class regress::integer_title {
  create_resources('regress::thing', { 8042 => {} })
  create_resources('notify', { 8043 => {} })
  create_resources('regress::holder', { 8044 => {} })
}
