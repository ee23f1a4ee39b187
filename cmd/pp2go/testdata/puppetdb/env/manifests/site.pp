# Two web servers export what the load balancer, monitoring and backup
# need; the load balancer collects it from PuppetDB.
node /^web\d+\.example\.com$/ {
  include profile::web
}

node 'lb.example.com' {
  include profile::lb
}

node 'dup.example.com' {
  include profile::dup
}
