package erb

// Resolv::IPv4::Regex and Resolv::IPv6::Regex, the address patterns of
// Ruby's resolv.rb, which modules validate addresses with (puppet-bareos'
// bareos_settings). Their sources are Ruby's own, as resolv.rb composes
// them by interpolating its smaller patterns (Regexp#source of each).
// Ruby 3.3 widened the zone of a link-local IPv6 address, so the IPv6
// pattern is the compile's Ruby's (releaseConsts).

const resolvIPv4Source = "\\A((?x-mi:0\n               |1(?:[0-9][0-9]?)?\n               |2(?:[0-4][0-9]?|5[0-5]?|[6-9])?\n               |[3-9][0-9]?))\\.((?x-mi:0\n               |1(?:[0-9][0-9]?)?\n               |2(?:[0-4][0-9]?|5[0-5]?|[6-9])?\n               |[3-9][0-9]?))\\.((?x-mi:0\n               |1(?:[0-9][0-9]?)?\n               |2(?:[0-4][0-9]?|5[0-5]?|[6-9])?\n               |[3-9][0-9]?))\\.((?x-mi:0\n               |1(?:[0-9][0-9]?)?\n               |2(?:[0-4][0-9]?|5[0-5]?|[6-9])?\n               |[3-9][0-9]?))\\z"

var resolvIPv6Sources = map[string]string{
	"3.1": "\n      (?:(?x-mi:\\A\n      (?:[0-9A-Fa-f]{1,4}:){7}\n         [0-9A-Fa-f]{1,4}\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}:){6,6})\n      (\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n      ((?:[0-9A-Fa-f]{1,4}:)*)\n      (\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\n      \\z)) |\n      (?:(?x-mi:\\A\n      [Ff][Ee]80\n      (?::[0-9A-Fa-f]{1,4}){7}\n      %[0-9A-Za-z\\-]+\n      \\z)) |\n      (?:(?x-mi:\\A\n      [Ff][Ee]80:\n      (?:\n        ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n        ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n        |\n        :((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n      )?\n      :[0-9A-Fa-f]{1,4}%[0-9A-Za-z.\\-]+\n      \\z))\n      ",
	"3.3": "\n      (?:(?x-mi:\\A\n      (?:[0-9A-Fa-f]{1,4}:){7}\n         [0-9A-Fa-f]{1,4}\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}:){6,6})\n      (\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\n      \\z)) |\n      (?:(?x-mi:\\A\n      ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n      ((?:[0-9A-Fa-f]{1,4}:)*)\n      (\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\n      \\z)) |\n      (?:(?x-mi:\\A\n      [Ff][Ee]80\n      (?::[0-9A-Fa-f]{1,4}){7}\n      %[-0-9A-Za-z._~]+\n      \\z)) |\n      (?:(?x-mi:\\A\n      [Ff][Ee]80:\n      (?:\n        ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?) ::\n        ((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n        |\n        :((?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)\n      )?\n      :[0-9A-Fa-f]{1,4}%[-0-9A-Za-z._~]+\n      \\z))\n      ",
}

func init() {
	releaseConsts["Resolv::IPv4::Regex"] = func(r *R) Value { return Re(resolvIPv4Source, "") }
	releaseConsts["Resolv::IPv6::Regex"] = func(r *R) Value {
		return Re(resolvIPv6Sources[r.rubyVersion()[:3]], "x")
	}
}
