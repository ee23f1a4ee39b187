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
