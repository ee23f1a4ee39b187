package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt"
)

// compile prints log messages from Puppet's default log level, notice, up;
// --verbose adds info, --debug adds debug, --quiet prints nothing.
func TestPrintLogsLevels(t *testing.T) {
	logs := []rt.LogEntry{
		{Level: "debug", Message: "d"},
		{Level: "info", Message: "i"},
		{Level: "notice", Message: "n"},
		{Level: "warning", Message: "w"},
		{Level: "err", Message: "e"},
	}
	print := func(quiet, verbose, debug bool) string {
		var b strings.Builder
		printLogs(&b, logs, logsFrom(quiet, verbose, debug))
		return b.String()
	}
	assert.Equal(t, "Notice: n\nWarning: w\nError: e\n", print(false, false, false))
	assert.Equal(t, "Info: i\nNotice: n\nWarning: w\nError: e\n", print(false, true, false))
	assert.Equal(t, "Debug: d\nInfo: i\nNotice: n\nWarning: w\nError: e\n", print(false, false, true))
	assert.Equal(t, "", print(true, false, true))
}

// TestOnceLogs: serve logs a warn_once warning once per process
// (rt.LogEntry.Once), other entries each time.
func TestOnceLogs(t *testing.T) {
	seen := map[string]bool{}
	first := []rt.LogEntry{{Level: "warning", Message: "dep", Once: "k"}, {Level: "warning", Message: "plain"}}
	second := []rt.LogEntry{{Level: "notice", Message: "n"}, {Level: "warning", Message: "dep", Once: "k"}, {Level: "warning", Message: "plain"}}
	got := func(ls []rt.LogEntry) (out []string) {
		for _, l := range onceLogs(ls, seen) {
			out = append(out, l.Message)
		}
		return out
	}
	if g := got(first); strings.Join(g, ",") != "dep,plain" {
		t.Errorf("first compile: %v", g)
	}
	if g := got(second); strings.Join(g, ",") != "n,plain" {
		t.Errorf("second compile: %v", g)
	}
	if second[1].Message != "dep" {
		t.Errorf("onceLogs changed the compilation's logs")
	}
}
