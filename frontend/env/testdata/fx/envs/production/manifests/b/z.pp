node "b.example.com" { }
