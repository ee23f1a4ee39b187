# site_applied: true once the agent has applied the site class (the marker
# file it manages exists), so that the site class declares its notify only
# on the first run.
Facter.add(:site_applied) do
  setcode do
    root = Facter.value(:agent_root)
    !root.nil? && File.exist?(File.join(root, 'applied'))
  end
end
