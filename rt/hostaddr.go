package rt

import "net"

// interfaceAddresses are the host's first IPv4 address and first global
// unicast IPv6 address, each of the first interface that is up, is not a
// loopback and has one, in the kernel's order of interfaces (Facter's
// ipaddress and ipaddress6, $server_facts' serverip and serverip6), ""
// where there is none. hostAddresses finds the same on Linux, faster.
func interfaceAddresses() (ip4, ip6 string) {
	ifaces, _ := net.Interfaces()
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip4, ip6 = pickAddress(ipn.IP, ip4, ip6)
		}
	}
	return ip4, ip6
}

// pickAddress is ip4 and ip6 after address ip is seen: the first IPv4
// address, the first global unicast IPv6 one.
func pickAddress(ip net.IP, ip4, ip6 string) (string, string) {
	if v4 := ip.To4(); v4 != nil && ip4 == "" {
		ip4 = v4.String()
	} else if v4 == nil && ip6 == "" && ip.IsGlobalUnicast() {
		ip6 = ip.String()
	}
	return ip4, ip6
}
