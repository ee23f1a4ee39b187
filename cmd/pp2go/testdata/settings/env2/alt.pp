notify { 'alt': message => $settings::default_manifest }
