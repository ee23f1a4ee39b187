# The main manifest of the environment that `serve` gives real Puppet
# agents in pp2go's end-to-end test (cmd/pp2go/agent_test.go).

node 'agent1.example.com' {
  include site
}

# A node whose catalog fails to compile: the agent prints Puppet's error.
node 'broken.example.com' {
  include site::broken
}

node default {
  notify { "no node definition for ${trusted['certname']}": }
}
