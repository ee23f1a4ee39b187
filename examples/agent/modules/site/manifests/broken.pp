# Fails to compile, with Puppet's error.
class site::broken {
  fail("${trusted['certname']} is not ready to be managed")
}
