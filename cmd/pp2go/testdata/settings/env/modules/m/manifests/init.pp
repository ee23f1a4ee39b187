class m {
  notify { 'm':
    message => "static_catalogs=${settings::static_catalogs} disable=${settings::disable_per_environment_manifest} default=${settings::default_manifest} k=${lookup('k')}",
  }
}
