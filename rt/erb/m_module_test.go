package erb

import "testing"

// Ruby 3.1: IPAddr.const_defined?('InvalidAddressError') is true,
// IPAddr.const_defined?('Nope') false; Kernel.sprintf('%<a>s-%{b}', a: 1,
// b: 2) is "1-2".
func TestConstDefinedAndKernelSprintf(t *testing.T) {
	r := &R{}
	if r.ConstDefinedQ(ClassIPAddr, S("InvalidAddressError")) != true || r.ConstDefinedQ(ClassIPAddr, S("Nope")) != false {
		t.Errorf("const_defined?")
	}
	h := NewHash()
	h.Set(Symbol("a"), int64(1))
	h.Set(Symbol("b"), int64(2))
	if got := r.KernelSprintf(ClassKernel, S("%<a>s-%{b}"), h).(*Str).S; got != "1-2" {
		t.Errorf("Kernel.sprintf: %s", got)
	}
}
