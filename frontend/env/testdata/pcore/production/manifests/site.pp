sshkey { 'a@ssh-rsa': key => 'k' }
