package rt

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hostAddresses finds what Go's net package finds of this host's
// interfaces and addresses; in TestHostAddressesNetns's namespace, the
// addresses it set up.
func TestHostAddresses(t *testing.T) {
	ip4, ip6 := interfaceAddresses()
	got4, got6 := hostAddresses()
	require.Equal(t, ip4, got4)
	require.Equal(t, ip6, got6)
	if want, ok := os.LookupEnv("PP2GO_TEST_HOST_ADDRESSES"); ok {
		require.Equal(t, want, got4+" "+got6)
	}
}

// TestHostAddressesNetns runs TestHostAddresses in a network namespace
// of its own (root only) whose first interfaces are down, a loopback, or
// have no global IPv6 address: the first addresses are of later ones.
func TestHostAddressesNetns(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root for a network namespace")
	}
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	setup := strings.Join([]string{
		"ip link set lo up",
		"ip link add d0 type ifb", // down, with addresses
		"ip addr add 10.0.0.1/24 dev d0",
		"ip link add d1 type ifb", // up, link-local IPv6 only
		"ip link set d1 up",
		"ip link add d2 type ifb", // up, IPv4 and a global IPv6
		"ip addr add 10.2.0.1/24 dev d2",
		"ip addr add 10.2.0.2/24 dev d2",
		"ip addr add 2001:db8::2/64 dev d2 nodad",
		"ip link set d2 up",
		"ip link add d3 type ifb",
		"ip addr add 2001:db8::3/64 dev d3 nodad",
		"ip link set d3 up",
	}, " && ")
	cmd := exec.Command("unshare", "--net", "sh", "-c", setup+` && exec "$0" -test.run '^TestHostAddresses$' -test.count 1 -test.v`, os.Args[0])
	cmd.Env = append(os.Environ(), "PP2GO_TEST_HOST_ADDRESSES=10.2.0.1 2001:db8::2")
	out, err := cmd.CombinedOutput()
	if err != nil && (strings.Contains(string(out), "Operation not permitted") || strings.Contains(string(out), "Unknown device type")) {
		t.Skipf("no network namespace or ifb devices here: %s", out)
	}
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestHostAddresses (")
}

func BenchmarkHostAddresses(b *testing.B) {
	for b.Loop() {
		hostAddresses()
	}
}

func BenchmarkInterfaceAddresses(b *testing.B) {
	for b.Loop() {
		interfaceAddresses()
	}
}
