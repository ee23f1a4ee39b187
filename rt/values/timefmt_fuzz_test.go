package values

import "testing"

// FuzzTimeFormats: any text as a Timespan or Timestamp format (strftime's
// directives, Puppet's timespan directives), and as a value parsed with
// one, gives a text, a value or an error, never a panic (go test
// ./rt/values -run '^$' -fuzz FuzzTimeFormats).
func FuzzTimeFormats(f *testing.F) {
	for _, s := range []string{"%Y-%m-%dT%H:%M:%S.%N %z", "%D-%H:%M:%S", "%-H %_3m %03S %L %N %9N", "%%%a %A %b %B %c %j %U %Z", "1-02:03:04.5"} {
		f.Add(s, "2026-12-06T20:11:00.123 +0100")
	}
	f.Fuzz(func(t *testing.T, format, value string) {
		if hugeWidth.MatchString(format) {
			return // a padding width of a million makes a text that long
		}
		Timespan(93784005000000).Format(format)
		Timestamp(1765051860123000000).Format(format, "UTC")
		ParseTimespan(value, format)
		ParseTimespan(format)
		ParseTimestamp(value, "UTC", format)
		ParseTimestamp(format, "")
	})
}
