package erb

import (
	"fmt"
	"math/big"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
	"strings"
)

// IPAddr is Ruby's IPAddr (require 'ipaddr'), with the parsing rules and
// error messages of Ruby 3.1's ipaddr.rb.
type IPAddr struct {
	v6   bool
	addr *big.Int
	mask *big.Int
	zone string
}

// ipaddrFile is where Ruby's IPAddr raises its errors (Puppet shows the
// first backtrace line as the failure's Filepath and Line).
const ipaddrFile = "/usr/lib/ruby/3.1.0/ipaddr.rb"

func ipaddrFail(c *Class, line int, format string, args ...any) {
	panic(&RubyError{Class: c, Msg: fmt.Sprintf(format, args...), Frame: ipaddrFile + ":" + strconv.Itoa(line)})
}

var (
	in4mask = new(big.Int).SetUint64(0xffffffff)
	in6mask = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

	reIPv4Like       = lazyre.New(`\A(\d+)\.(\d+)\.(\d+)\.(\d+)\z`)
	reIPv6Full       = lazyre.New(`(?i)\A(?:(?:[\da-f]{1,4}:){7}[\da-f]{1,4}|((?:[\da-f]{1,4}:){6})(\d+)\.(\d+)\.(\d+)\.(\d+))\z`)
	reIPv6Compressed = lazyre.New(`(?i)\A((?:(?:[\da-f]{1,4}:)*[\da-f]{1,4})?)::(((?:[\da-f]{1,4}:)*)(?:[\da-f]{1,4}|(\d+)\.(\d+)\.(\d+)\.(\d+)))?\z`)
	reBracket        = lazyre.New(`(?is)\A\[(.*)\]\z`)
	reZone           = lazyre.New(`(?s)\A(.*)(%[A-Za-z0-9_]+)\z`)
)

func newIPAddr(args []Value) *IPAddr {
	arity(args, 0, 2)
	if len(args) == 0 {
		return &IPAddr{v6: true, addr: new(big.Int), mask: new(big.Int).Set(in6mask)}
	}
	family := int64(afUnspec)
	if len(args) == 2 {
		family = intArg(args[1])
	}
	s, ok := args[0].(*Str)
	if !ok {
		// IPAddr.new(integer, family)
		switch family {
		case afInet, afInet6:
		case afUnspec:
			ipaddrFail(ClassIPAddrAFError, 594, "address family must be specified")
		default:
			ipaddrFail(ClassIPAddrAFError, 596, "unsupported address family: %d", family)
		}
		n, ok := bigOf(args[0])
		if !ok {
			n, _ = bigOf(r0.ToI(args[0]))
		}
		ip := &IPAddr{v6: family == afInet6, mask: new(big.Int).Set(in4mask)}
		if ip.v6 {
			ip.mask.Set(in6mask)
		}
		if n == nil || n.Sign() < 0 || n.Cmp(ip.mask) > 0 {
			ipaddrFail(ClassIPAddrInvalid, 501, "invalid address: ")
		}
		ip.addr = new(big.Int).Set(n)
		return ip
	}
	ip := parseIPAddr(s.S)
	if family == afInet && ip.v6 || family == afInet6 && !ip.v6 {
		ipaddrFail(ClassIPAddrInvalid, 684, "invalid address: ")
	}
	return ip
}

// Socket's address families, as Linux numbers them (IPAddr#family).
const (
	afUnspec = 0
	afInet   = 2
	afInet6  = 10
)

func init() {
	defineConsts(func(g *constGroup) {
		g.value("Socket::AF_UNSPEC", int64(afUnspec))
		g.value("Socket::AF_INET", int64(afInet))
		g.value("Socket::AF_INET6", int64(afInet6))
	})
	plain([]plainMethod{
		{"family", (*R).Family},
		{"ip6_arpa", (*R).Ip6Arpa},
	})
}

// succ is IPAddr#succ: the next address, with the same mask (a clone,
// set to the address plus one).
func (ip *IPAddr) succ() *IPAddr {
	n := new(big.Int).Add(ip.addr, big.NewInt(1))
	if !ip.v6 && n.Cmp(in4mask) > 0 {
		ipaddrFail(ClassIPAddrInvalid, 501, "invalid address: %s", ip.addr)
	}
	if ip.v6 && n.Cmp(in6mask) > 0 {
		ipaddrFail(ClassIPAddrInvalid, 505, "invalid address: %s", ip.addr)
	}
	return &IPAddr{v6: ip.v6, addr: n, mask: new(big.Int).Set(ip.mask), zone: ip.zone}
}

// ipReverse is IPAddr#_reverse: the address's bytes (IPv4) or nibbles
// (IPv6), last first, joined by dots.
func (ip *IPAddr) ipReverse() string {
	var parts []string
	if !ip.v6 {
		for i := 0; i < 4; i++ {
			b := new(big.Int).Rsh(ip.addr, uint(8*i))
			parts = append(parts, strconv.FormatUint(b.Uint64()&0xff, 10))
		}
		return strings.Join(parts, ".")
	}
	hex := fmt.Sprintf("%032x", ip.addr)
	for i := len(hex) - 1; i >= 0; i-- {
		parts = append(parts, hex[i:i+1])
	}
	return strings.Join(parts, ".")
}

// Ip6Arpa is IPAddr#ip6_arpa.
func (r *R) Ip6Arpa(recv Value, args ...Value) Value {
	ip := ipRecv("ip6_arpa", recv)
	arity(args, 0, 0)
	if !ip.v6 {
		ipaddrFail(ClassIPAddrInvalid, 363, "not an IPv6 address: %s", ip.addr)
	}
	return S(ip.ipReverse() + ".ip6.arpa")
}

// Family is IPAddr#family: Socket::AF_INET or AF_INET6.
func (r *R) Family(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	if ipRecv("family", recv).v6 {
		return int64(afInet6)
	}
	return int64(afInet)
}

func parseIPAddr(text string) *IPAddr {
	prefix, plen, hasLen := strings.Cut(text, "/")
	forceV6 := false
	if m := reBracket.FindStringSubmatch(prefix); m != nil {
		prefix, forceV6 = m[1], true
	}
	zone := ""
	if m := reZone.FindStringSubmatch(prefix); m != nil {
		prefix, zone, forceV6 = m[1], m[2], true
	}
	ip := &IPAddr{zone: zone}
	if !forceV6 {
		ip.addr = inAddr(prefix)
	}
	if ip.addr == nil {
		ip.addr = in6Addr(prefix)
		ip.v6 = true
		if ip.addr == nil {
			ipaddrFail(ClassIPAddrInvalid, 684, "invalid address: ")
		}
	} else if forceV6 {
		ipaddrFail(ClassIPAddrAFError, 625, "address family mismatch")
	}
	if hasLen {
		ip.maskBang(plen)
	} else if ip.v6 {
		ip.mask = new(big.Int).Set(in6mask)
	} else {
		ip.mask = new(big.Int).Set(in4mask)
	}
	return ip
}

func inAddr(s string) *big.Int {
	m := reIPv4Like.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	return octets(m[1:5])
}

func octets(parts []string) *big.Int {
	var n uint64
	for _, p := range parts {
		v, err := strconv.ParseUint(p, 10, 64)
		if err != nil || v >= 256 {
			ipaddrFail(ClassIPAddrInvalid, 654, "invalid address: ")
		}
		if len(p) > 1 && p[0] == '0' {
			ipaddrFail(ClassIPAddrInvalid, 655, "zero-filled number in IPv4 address is ambiguous: ")
		}
		n = n<<8 | v
	}
	return new(big.Int).SetUint64(n)
}

func in6Addr(s string) *big.Int {
	var left, right string
	addr := new(big.Int)
	if m := reIPv6Full.FindStringSubmatch(s); m != nil {
		if m[2] != "" {
			addr = octets(m[2:6])
			left = m[1] + ":"
		} else {
			left = s
		}
	} else if m := reIPv6Compressed.FindStringSubmatch(s); m != nil {
		if m[4] != "" {
			if strings.Count(s, ":") > 6 {
				ipaddrFail(ClassIPAddrInvalid, 672, "invalid address: ")
			}
			addr = octets(m[4:8])
			left = m[1]
			right = m[3] + "0:0"
		} else {
			limit := 7
			if m[1] == "" || m[2] == "" {
				limit = 8
			}
			if strings.Count(s, ":") > limit {
				ipaddrFail(ClassIPAddrInvalid, 678, "invalid address: ")
			}
			left, right = m[1], m[2]
		}
	} else {
		ipaddrFail(ClassIPAddrInvalid, 684, "invalid address: ")
	}
	l := splitNonEmpty(left)
	rr := splitNonEmpty(right)
	rest := 8 - len(l) - len(rr)
	if rest < 0 {
		return nil
	}
	groups := append(append(l, make([]string, rest)...), rr...)
	n := new(big.Int)
	for _, g := range groups {
		v := strToI(g, 16)
		n.Lsh(n, 16)
		n.Or(n, big.NewInt(v))
	}
	return n.Or(n, addr)
}

// splitNonEmpty is Ruby's String#split(':') (trailing empty fields dropped).
func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ":")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func (ip *IPAddr) bits() int {
	if ip.v6 {
		return 128
	}
	return 32
}

func (ip *IPAddr) full() *big.Int {
	if ip.v6 {
		return in6mask
	}
	return in4mask
}

func (ip *IPAddr) maskBang(mask string) {
	var plen int
	switch {
	case regexp.MustCompile(`\A(0|[1-9]+\d*)\z`).MatchString(mask):
		plen, _ = strconv.Atoi(mask)
	case regexp.MustCompile(`\A\d+\z`).MatchString(mask):
		ipaddrFail(ClassIPAddrInvalidPrefix, 528, "leading zeros in prefix")
	default:
		m := parseIPAddr(mask)
		if m.v6 != ip.v6 {
			ipaddrFail(ClassIPAddrInvalidPrefix, 532, "address family is not same: %s", ip.addr.String())
		}
		n := new(big.Int).Xor(m.addr, m.mask)
		n1 := new(big.Int).Add(n, big.NewInt(1))
		if n1.And(n1, n).Sign() != 0 {
			ipaddrFail(ClassIPAddrInvalidPrefix, 537, "invalid mask %s: %s", mask, ip.addr.String())
		}
		ip.mask = new(big.Int).Set(m.addr)
		ip.addr.And(ip.addr, ip.mask)
		return
	}
	if plen < 0 || plen > ip.bits() {
		line := 548
		if ip.v6 {
			line = 554
		}
		ipaddrFail(ClassIPAddrInvalidPrefix, line, "invalid length: %s", ip.addr.String())
	}
	ml := uint(ip.bits() - plen)
	ip.mask = new(big.Int).Lsh(new(big.Int).Rsh(ip.full(), ml), ml)
	ip.addr.And(ip.addr, ip.mask)
}

func (ip *IPAddr) prefixLen() int {
	n := 0
	for i := 0; i < ip.bits(); i++ {
		if ip.mask.Bit(i) == 1 {
			n++
		}
	}
	return n
}

func formatAddr(n *big.Int, v6 bool) string {
	if !v6 {
		u := n.Uint64()
		return fmt.Sprintf("%d.%d.%d.%d", u>>24&255, u>>16&255, u>>8&255, u&255)
	}
	var parts [8]string
	b := new(big.Int).Set(n)
	for i := 7; i >= 0; i-- {
		g := new(big.Int).And(b, big.NewInt(0xffff)).Uint64()
		parts[i] = fmt.Sprintf("%04x", g)
		b.Rsh(b, 16)
	}
	return strings.Join(parts[:], ":")
}

// toString is IPAddr#to_string (canonical, not abbreviated).
func (ip *IPAddr) toString() string {
	s := formatAddr(ip.addr, ip.v6)
	if ip.v6 {
		s += ip.zone
	}
	return s
}

// String is IPAddr#to_s.
func (ip *IPAddr) String() string {
	s := ip.toString()
	if !ip.v6 {
		return s
	}
	zone := ip.zone
	s = strings.TrimSuffix(s, zone)
	groups := strings.Split(s, ":")
	for i, g := range groups {
		g = strings.TrimLeft(g, "0")
		if g == "" {
			g = "0"
		}
		groups[i] = g
	}
	s = strings.Join(groups, ":")
	// the longest run of zero groups (leftmost first for each length, from
	// 8 down to 2) becomes ::
	for n := 8; n >= 2; n-- {
		run := strings.TrimSuffix(strings.Repeat("0:", n), ":")
		if n == 8 {
			if s == run {
				s = "::"
				break
			}
			continue
		}
		if idx := findGroupRun(s, run); idx >= 0 {
			s = s[:idx] + ":" + s[idx+len(run):]
			break
		}
	}
	s = regexp.MustCompile(`:{3,}`).ReplaceAllString(s, "::")
	if m := regexp.MustCompile(`(?i)\A::(ffff:)?([\da-f]{1,4}):([\da-f]{1,4})\z`).FindStringSubmatch(s); m != nil {
		a, _ := strconv.ParseUint(m[2], 16, 32)
		b, _ := strconv.ParseUint(m[3], 16, 32)
		s = fmt.Sprintf("::%s%d.%d.%d.%d", m[1], a/256, a%256, b/256, b%256)
	}
	return s + zone
}

// findGroupRun finds run at group boundaries (\b on both sides).
func findGroupRun(s, run string) int {
	for i := 0; i+len(run) <= len(s); i++ {
		if s[i:i+len(run)] != run {
			continue
		}
		if i > 0 && isHexWord(s[i-1]) {
			continue
		}
		if e := i + len(run); e < len(s) && isHexWord(s[e]) {
			continue
		}
		return i
	}
	return -1
}

func isHexWord(c byte) bool { return isAlnum(c) || c == '_' }

func (ip *IPAddr) inspect() string {
	fam := "IPv4"
	if ip.v6 {
		fam = "IPv6"
	}
	return "#<IPAddr: " + fam + ":" + ip.toString() + "/" + formatAddr(ip.mask, ip.v6) + ">"
}

func (ip *IPAddr) equal(o *IPAddr) bool {
	return ip.v6 == o.v6 && ip.addr.Cmp(o.addr) == 0
}

func (ip *IPAddr) compare(o *IPAddr) (int, bool) {
	if ip.v6 != o.v6 {
		return 0, false
	}
	return ip.addr.Cmp(o.addr), true
}

func (ip *IPAddr) toI() Value {
	return intOf(ip.addr)
}

func (ip *IPAddr) include(v Value) bool {
	var o *IPAddr
	switch x := v.(type) {
	case *IPAddr:
		o = x
	case *Str:
		o = parseIPAddr(x.S)
	case int64:
		family := int64(afInet)
		if ip.v6 {
			family = afInet6
		}
		o = newIPAddr([]Value{x, family})
	default:
		return false
	}
	if o.v6 != ip.v6 {
		return false
	}
	return ip.beginAddr().Cmp(o.beginAddr()) <= 0 && ip.endAddr().Cmp(o.endAddr()) >= 0
}

// beginAddr and endAddr are IPAddr#begin_addr and #end_addr: the first
// and the last address of the network.
func (ip *IPAddr) beginAddr() *big.Int { return new(big.Int).And(ip.addr, ip.mask) }
func (ip *IPAddr) endAddr() *big.Int {
	return new(big.Int).Or(ip.addr, new(big.Int).Xor(ip.mask, ip.full()))
}

func ipRecv(name string, v Value) *IPAddr {
	ip, ok := v.(*IPAddr)
	if !ok {
		noMethod(name, v)
	}
	return ip
}

// Ipv4Q is IPAddr#ipv4?.
func (r *R) Ipv4Q(recv Value, args ...Value) Value { return !ipRecv("ipv4?", recv).v6 }

// Ipv6Q is IPAddr#ipv6?.
func (r *R) Ipv6Q(recv Value, args ...Value) Value { return ipRecv("ipv6?", recv).v6 }

// Prefix is IPAddr#prefix.
func (r *R) Prefix(recv Value, args ...Value) Value {
	return int64(ipRecv("prefix", recv).prefixLen())
}

// Mask is IPAddr#mask(prefix).
func (r *R) Mask(recv Value, args ...Value) Value {
	ip := ipRecv("mask", recv)
	arity(args, 1, 1)
	n := &IPAddr{v6: ip.v6, addr: new(big.Int).Set(ip.addr), mask: new(big.Int).Set(ip.mask), zone: ip.zone}
	n.maskBang(ToS(args[0]))
	return n
}

// ToRange is IPAddr#to_range.
func (r *R) ToRange(recv Value, args ...Value) Value {
	ip := ipRecv("to_range", recv)
	full := func() *big.Int { return new(big.Int).Set(ip.full()) }
	return &Range{Lo: &IPAddr{v6: ip.v6, addr: ip.beginAddr(), mask: full()}, Hi: &IPAddr{v6: ip.v6, addr: ip.endAddr(), mask: full()}}
}

// ToString is IPAddr#to_string.
func (r *R) ToString(recv Value, args ...Value) Value {
	return S(ipRecv("to_string", recv).toString())
}

// PrivateQ is IPAddr#private?.
func (r *R) PrivateQ(recv Value, args ...Value) Value {
	ip := ipRecv("private?", recv)
	for _, n := range []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"} {
		if parseIPAddr(n).include(ip) {
			return true
		}
	}
	return false
}

// LoopbackQ is IPAddr#loopback?.
func (r *R) LoopbackQ(recv Value, args ...Value) Value {
	ip := ipRecv("loopback?", recv)
	if ip.v6 {
		return ip.addr.Cmp(big.NewInt(1)) == 0
	}
	return parseIPAddr("127.0.0.0/8").include(ip)
}
