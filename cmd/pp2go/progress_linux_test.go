package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// openPTY opens a pseudo-terminal: the side a program writes to, and the
// side that reads what it wrote.
func openPTY(t *testing.T) (term, reader *os.File) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminals: %v", e)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminals: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminals: %v", err)
	}
	return s, m
}

// On a terminal, generate shows its phases with counts and times; to
// anything else it prints diagnostics only.
func TestGenerateProgress(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":              "modulepath = modules\n",
		"manifests/site.pp":             "include a\nnotice($nope)\n",
		"modules/a/manifests/init.pp":   "class a { }\n",
		"modules/a/manifests/unused.pp": "class a::unused { }\n",
		"modules/b/manifests/init.pp":   "class b { }\n",
	})
	ef := &envFlags{baseModulePath: t.TempDir(), environment: "production", puppetFlags: puppetFlags{puppet: "7"}} // its warning is Puppet 7.23's

	var plain bytes.Buffer
	_, err := generate(&plain, dir, ef, false, "")
	require.NoError(t, err)
	require.Equal(t, "Warning: "+dir+"/manifests/site.pp:2:8: Unknown variable: 'nope'.\n", plain.String(),
		"no progress when the output is no terminal")

	term, reader := openPTY(t)
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(reader)
		got <- string(b)
	}()
	_, err = generate(term, dir, ef, false, "")
	require.NoError(t, err)
	term.Close()
	out := <-got // the reader ends when the terminal's side is closed
	reader.Close()
	// the terminal's line discipline turns \n into \r\n
	require.Regexp(t, regexp.MustCompile(`^\r\x1b\[KLoading the environment .* \.\.\.\r\x1b\[KLoaded 2 modules and 4 Puppet files in \d+\.\ds\r\n`+
		`\r\x1b\[KChecking every name on every code path \.\.\.\r\x1b\[KChecked: 1 problem in \d+\.\ds\r\n`+
		`Warning: .*/manifests/site\.pp:2:8: Unknown variable: 'nope'\.\r\n`+
		`\r\x1b\[KGenerating Go \.\.\.\r\x1b\[KGenerated \d+ Go files in \d+\.\ds\r\n$`), out)
}
