# A local resource with the title of another node's export: collecting it
# is an error.
class profile::dup {
  host { 'web1.example.com':
    ip => '192.0.2.9',
  }
  Host <<| tag == 'hosts' |>>
}
