function motd::greeting(String[1] $name) >> String {
  "Hello from ${name}\n"
}
