package fn

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"math/big"
	"strconv"
	"strings"
)

// IPAddr is Ruby's IPAddr as Ruby 3.1's ipaddr library parses and prints
// it: modules' functions (stdlib's is_ip_address, openstacklib's
// normalize_ip_for_uri, ...) leak its acceptance rules and its messages.
type IPAddr struct {
	IPv6 bool
	Addr *big.Int
	Mask *big.Int
	Zone string // "%eth0"
}

// IPAddrError is one of Ruby's IPAddr errors (InvalidAddressError,
// InvalidPrefixError, AddressFamilyError).
type IPAddrError struct {
	Class   string // "IPAddr::InvalidAddressError", ...
	Message string
}

func (e *IPAddrError) Error() string { return e.Message }

var (
	in4Mask = new(big.Int).SetUint64(0xffffffff)
	in6Mask = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

	reIPv4Like       = lazyre.New(`^(\d+)\.(\d+)\.(\d+)\.(\d+)$`)
	reIPv6Full       = lazyre.New(`(?i)^(?:(?:[\da-f]{1,4}:){7}[\da-f]{1,4}|((?:[\da-f]{1,4}:){6})(\d+)\.(\d+)\.(\d+)\.(\d+))$`)
	reIPv6Compressed = lazyre.New(`(?i)^((?:(?:[\da-f]{1,4}:)*[\da-f]{1,4})?)::(((?:[\da-f]{1,4}:)*)(?:[\da-f]{1,4}|(\d+)\.(\d+)\.(\d+)\.(\d+)))?$`)
	reBracketed      = lazyre.New(`^\[(.*)\]$`)
	reZone           = lazyre.New(`^((?s).*)(%\w+)$`)
)

func invalidAddr(msg string) *IPAddrError {
	return &IPAddrError{Class: "IPAddr::InvalidAddressError", Message: msg}
}

// ParseIPAddr is IPAddr.new(s).
func ParseIPAddr(s string) (*IPAddr, error) {
	prefix, prefixlen, hasLen := strings.Cut(s, "/")
	family := 0
	if m := reBracketed.FindStringSubmatch(prefix); m != nil {
		prefix = m[1]
		family = 6
	}
	zone := ""
	if m := reZone.FindStringSubmatch(prefix); m != nil {
		prefix, zone = m[1], m[2]
		family = 6
	}
	ip := &IPAddr{Zone: zone}
	if family == 0 {
		a, err := inAddr(prefix)
		if err != nil {
			return nil, err
		}
		if a != nil {
			ip.Addr = a
		}
	}
	if ip.Addr == nil {
		a, err := in6Addr(prefix)
		if err != nil {
			return nil, err
		}
		if a == nil {
			return nil, &IPAddrError{Class: "IPAddr::AddressFamilyError", Message: "address family mismatch"}
		}
		ip.Addr, ip.IPv6 = a, true
	}
	if family == 6 && !ip.IPv6 {
		return nil, &IPAddrError{Class: "IPAddr::AddressFamilyError", Message: "address family mismatch"}
	}
	if hasLen {
		if err := ip.mask(prefixlen); err != nil {
			return nil, err
		}
	} else {
		ip.Mask = ip.fullMask()
	}
	return ip, nil
}

func (ip *IPAddr) fullMask() *big.Int {
	if ip.IPv6 {
		return in6Mask
	}
	return in4Mask
}

func inAddr(s string) (*big.Int, error) {
	m := reIPv4Like.FindStringSubmatch(s)
	if m == nil {
		return nil, nil
	}
	return octets(m[1:5])
}

func octets(parts []string) (*big.Int, error) {
	var n uint64
	for _, p := range parts {
		v, err := strconv.ParseUint(p, 10, 64)
		if err != nil || v >= 256 {
			return nil, invalidAddr("invalid address: ")
		}
		if len(p) > 1 && p[0] == '0' {
			return nil, invalidAddr("zero-filled number in IPv4 address is ambiguous: ")
		}
		n = n<<8 | v
	}
	return new(big.Int).SetUint64(n), nil
}

func in6Addr(s string) (*big.Int, error) {
	var left, right string
	addr := new(big.Int)
	if m := reIPv6Full.FindStringSubmatch(s); m != nil {
		if m[2] != "" {
			a, err := octets(m[2:6])
			if err != nil {
				return nil, err
			}
			addr = a
			left = m[1] + ":"
		} else {
			left = s
		}
	} else if m := reIPv6Compressed.FindStringSubmatch(s); m != nil {
		if m[4] != "" {
			if strings.Count(s, ":") > 6 {
				return nil, invalidAddr("invalid address: ")
			}
			a, err := octets(m[4:8])
			if err != nil {
				return nil, err
			}
			addr = a
			left = m[1]
			right = m[3] + "0:0"
		} else {
			max := 7
			if m[1] == "" || m[2] == "" {
				max = 8
			}
			if strings.Count(s, ":") > max {
				return nil, invalidAddr("invalid address: ")
			}
			left, right = m[1], m[2]
		}
	} else {
		return nil, invalidAddr("invalid address: ")
	}
	l := rubySplitColon(left)
	r := rubySplitColon(right)
	rest := 8 - len(l) - len(r)
	if rest < 0 {
		return nil, nil
	}
	groups := append(append(l, make([]string, rest)...), r...)
	n := new(big.Int)
	for _, g := range groups {
		n.Lsh(n, 16)
		if g != "" {
			v, _ := strconv.ParseUint(g, 16, 64)
			n.Or(n, new(big.Int).SetUint64(v))
		}
	}
	return n.Or(n, addr), nil
}

// rubySplitColon is String#split(':') (trailing empty fields dropped).
func rubySplitColon(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ":")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

var (
	rePrefixLen    = lazyre.New(`^(0|[1-9]+\d*)$`)
	rePrefixDigits = lazyre.New(`^\d+$`)
)

func (ip *IPAddr) mask(mask string) error {
	var prefixlen int
	switch {
	case rePrefixLen.MatchString(mask):
		prefixlen, _ = strconv.Atoi(mask)
	case rePrefixDigits.MatchString(mask):
		return &IPAddrError{Class: "IPAddr::InvalidPrefixError", Message: "leading zeros in prefix"}
	default:
		m, err := ParseIPAddr(mask)
		if err != nil {
			return err
		}
		if m.IPv6 != ip.IPv6 {
			return &IPAddrError{Class: "IPAddr::InvalidPrefixError", Message: "address family is not same: " + ip.Addr.String()}
		}
		ip.Mask = m.Addr
		n := new(big.Int).Xor(ip.Mask, m.Mask)
		if new(big.Int).And(new(big.Int).Add(n, big.NewInt(1)), n).Sign() != 0 {
			return &IPAddrError{Class: "IPAddr::InvalidPrefixError", Message: fmt.Sprintf("invalid mask %s: %s", mask, ip.Addr.String())}
		}
		ip.Addr = new(big.Int).And(ip.Addr, ip.Mask)
		return nil
	}
	bits := 32
	if ip.IPv6 {
		bits = 128
	}
	if prefixlen < 0 || prefixlen > bits {
		return &IPAddrError{Class: "IPAddr::InvalidPrefixError", Message: "invalid length: " + ip.Addr.String()}
	}
	masklen := uint(bits - prefixlen)
	full := ip.fullMask()
	ip.Mask = new(big.Int).Lsh(new(big.Int).Rsh(full, masklen), masklen)
	ip.Addr = new(big.Int).Lsh(new(big.Int).Rsh(ip.Addr, masklen), masklen)
	return nil
}

// PrefixLen is IPAddr#prefix: the number of leading one bits of the mask.
func (ip *IPAddr) PrefixLen() int {
	bits := 32
	if ip.IPv6 {
		bits = 128
	}
	n := 0
	for i := bits - 1; i >= 0 && ip.Mask.Bit(i) == 1; i-- {
		n++
	}
	return n
}

// ToString is IPAddr#to_string: the full form (IPv6 with all 8 groups of
// 4 hex digits).
func (ip *IPAddr) ToString() string {
	if !ip.IPv6 {
		n := ip.Addr.Uint64()
		return fmt.Sprintf("%d.%d.%d.%d", n>>24&0xff, n>>16&0xff, n>>8&0xff, n&0xff)
	}
	hex := fmt.Sprintf("%032x", ip.Addr)
	var b strings.Builder
	for i := 0; i < 8; i++ {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(hex[4*i : 4*i+4])
	}
	return b.String() + ip.Zone
}

var (
	reLeadingZeros = lazyre.New(`(?i)\b0{1,3}([\da-f]+)\b`)
	reManyColons   = lazyre.New(`:{3,}`)
	reV4Tail       = lazyre.New(`(?i)^::(ffff:)?([\da-f]{1,4}):([\da-f]{1,4})$`)
)

// String is IPAddr#to_s: IPv6 compressed as Ruby compresses it.
func (ip *IPAddr) String() string {
	s := ip.ToString()
	if !ip.IPv6 {
		return s
	}
	s = reLeadingZeros.ReplaceAllString(s, "$1")
	if s == "0:0:0:0:0:0:0:0" {
		s = "::"
	} else {
		for n := 7; n >= 2; n-- {
			run := strings.Repeat("0:", n-1) + "0"
			if i := findZeroRun(s, run); i >= 0 {
				s = s[:i] + ":" + s[i+len(run):]
				break
			}
		}
	}
	s = reManyColons.ReplaceAllString(s, "::")
	if m := reV4Tail.FindStringSubmatch(s); m != nil {
		a, _ := strconv.ParseUint(m[2], 16, 32)
		b, _ := strconv.ParseUint(m[3], 16, 32)
		s = fmt.Sprintf("::%s%d.%d.%d.%d", m[1], a/256, a%256, b/256, b%256)
	}
	return s
}

// findZeroRun finds run at word boundaries (\brun\b), as the regexps of
// IPAddr#to_s do.
func findZeroRun(s, run string) int {
	isWord := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	for i := 0; i+len(run) <= len(s); i++ {
		if s[i:i+len(run)] != run {
			continue
		}
		if i > 0 && isWord(s[i-1]) {
			continue
		}
		if j := i + len(run); j < len(s) && isWord(s[j]) {
			continue
		}
		return i
	}
	return -1
}

// Include is IPAddr#include?: other lies within the range of ip.
func (ip *IPAddr) Include(other *IPAddr) bool {
	if other.IPv6 != ip.IPv6 {
		return false
	}
	b1, e1 := ip.rangeBounds()
	b2, e2 := other.rangeBounds()
	return b1.Cmp(b2) <= 0 && e1.Cmp(e2) >= 0
}

func (ip *IPAddr) rangeBounds() (*big.Int, *big.Int) {
	begin := new(big.Int).And(ip.Addr, ip.Mask)
	inv := new(big.Int).Xor(ip.Mask, ip.fullMask())
	end := new(big.Int).Or(begin, inv)
	return begin, end
}
