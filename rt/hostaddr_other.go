//go:build !linux

package rt

func hostAddresses() (ip4, ip6 string) { return interfaceAddresses() }
