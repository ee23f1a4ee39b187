package rt

import (
	"net"
	"syscall"
	"unsafe"
)

// hostAddresses is interfaceAddresses from one dump of the kernel's
// addresses and the flags of the interfaces that hold them: net.Interfaces
// dumps every interface's record, statistics and all (~0.1 ms of a
// one-shot compile's ~9, on its path: $server_facts are the first
// compile's), and each interface's Addrs dumps the addresses again. The
// dump lists the addresses of one family after the other, each family's
// in the kernel's order of interfaces, the order net.Interfaces lists
// them in, and of each interface in the order Addrs gives.
func hostAddresses() (ip4, ip6 string) {
	msgs, err := addressDump()
	if err != nil {
		return interfaceAddresses()
	}
	flags := interfaceFlags{}
	defer flags.close()
	for _, m := range msgs {
		if m.Header.Type != syscall.RTM_NEWADDR || len(m.Data) < syscall.SizeofIfAddrmsg {
			continue
		}
		ifam := (*syscall.IfAddrmsg)(unsafe.Pointer(&m.Data[0]))
		ip := recordAddress(ifam, &m)
		if ip == nil || (ifam.Family == syscall.AF_INET && ip4 != "") || (ifam.Family == syscall.AF_INET6 && ip6 != "") {
			continue
		}
		f, ok := flags.of(ifam.Index)
		if !ok {
			return interfaceAddresses()
		}
		if f&syscall.IFF_UP == 0 || f&syscall.IFF_LOOPBACK != 0 {
			continue
		}
		ip4, ip6 = pickAddress(ip, ip4, ip6)
	}
	return ip4, ip6
}

// addressDump is the kernel's list of the host's addresses, of all
// families, up to its end.
func addressDump() ([]syscall.NetlinkMessage, error) {
	rib, err := syscall.NetlinkRIB(syscall.RTM_GETADDR, syscall.AF_UNSPEC)
	if err != nil {
		return nil, err
	}
	msgs, err := syscall.ParseNetlinkMessage(rib)
	if err != nil {
		return nil, err
	}
	for i, m := range msgs {
		if m.Header.Type == syscall.NLMSG_DONE {
			return msgs[:i], nil
		}
	}
	return msgs, nil
}

// recordAddress is the address of an address record, the one net's Addrs
// takes: the local address of a point-to-point link, else the first
// attribute's.
func recordAddress(ifam *syscall.IfAddrmsg, m *syscall.NetlinkMessage) net.IP {
	attrs, err := syscall.ParseNetlinkRouteAttr(m)
	if err != nil {
		return nil
	}
	ptp := false
	for _, a := range attrs {
		if a.Attr.Type == syscall.IFA_LOCAL {
			ptp = true
			break
		}
	}
	for _, a := range attrs {
		if ptp && a.Attr.Type == syscall.IFA_ADDRESS {
			continue
		}
		switch {
		case ifam.Family == syscall.AF_INET && len(a.Value) >= net.IPv4len:
			return net.IPv4(a.Value[0], a.Value[1], a.Value[2], a.Value[3])
		case ifam.Family == syscall.AF_INET6 && len(a.Value) >= net.IPv6len:
			return net.IP(append([]byte(nil), a.Value[:net.IPv6len]...))
		}
		return nil
	}
	return nil
}

// interfaceFlags reads interfaces' flags (SIOCGIFNAME, then SIOCGIFFLAGS:
// the flags net.Interfaces reports), through one socket opened on first
// use.
type interfaceFlags struct {
	fd   int
	open bool
	seen map[uint32]uint16
}

// ifreq is the kernel's struct ifreq: a name, then a union whose first
// member is an index or the flags.
type ifreq struct {
	name  [syscall.IFNAMSIZ]byte
	value uint32
	_     [20]byte
}

// of is the flags of interface index i; false when they cannot be read.
func (f *interfaceFlags) of(i uint32) (uint16, bool) {
	if v, ok := f.seen[i]; ok {
		return v, true
	}
	if !f.open {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
		if err != nil {
			return 0, false
		}
		f.fd, f.open, f.seen = fd, true, map[uint32]uint16{}
	}
	req := ifreq{value: i}
	if ioctl(f.fd, syscall.SIOCGIFNAME, &req) != nil {
		return 0, false
	}
	req.value = 0
	if ioctl(f.fd, syscall.SIOCGIFFLAGS, &req) != nil {
		return 0, false
	}
	v := uint16(req.value) // ifr_flags is a short
	f.seen[i] = v
	return v, true
}

func (f *interfaceFlags) close() {
	if f.open {
		syscall.Close(f.fd)
	}
}

func ioctl(fd int, op uintptr, req *ifreq) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), op, uintptr(unsafe.Pointer(req))); errno != 0 {
		return errno
	}
	return nil
}
