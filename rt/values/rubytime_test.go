package values

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// rubyTimeCases are Ruby's answers (testdata/rubytime.json, written by
// tools/rubyzones/cases.rb): Time#strftime of formats at times in UTC and
// at fixed offsets, and the offsets Date._strptime(zone, '%z') reads.
type rubyTimeCases struct {
	Strftime []struct {
		UnixNsec int64  `json:"unix_nsec"`
		Offset   string `json:"offset"`
		Format   string `json:"format"`
		Want     any    `json:"want"` // the text, or {"error": message}
	} `json:"strftime"`
	Zones []struct {
		Zone   string `json:"zone"`
		Offset *int   `json:"offset"`
	} `json:"zones"`
}

func loadRubyTimeCases(t *testing.T) rubyTimeCases {
	b, err := os.ReadFile("testdata/rubytime.json")
	if err != nil {
		t.Fatal(err)
	}
	var c rubyTimeCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestStrftimeAsRuby(t *testing.T) {
	failed := 0
	for _, c := range loadRubyTimeCases(t).Strftime {
		tm := time.Unix(0, c.UnixNsec).UTC()
		rt := rubyTime{tm, "UTC"}
		if c.Offset != "" {
			off, ok := rubyZoneToDiff(c.Offset)
			if !ok {
				t.Fatalf("offset %q", c.Offset)
			}
			rt = rubyTime{tm.In(time.FixedZone("", off)), ""}
		}
		got, err := strftime(c.Format, rt)
		want, isText := c.Want.(string)
		switch {
		case !isText && err == nil:
			t.Errorf("%s at %s%s: %q, Ruby fails: %v", c.Format, tm, c.Offset, got, c.Want)
		case isText && err != nil:
			t.Errorf("%s at %s%s: %v, Ruby gives %q", c.Format, tm, c.Offset, err, want)
		case isText && got != want:
			t.Errorf("%s at %s%s: %q, Ruby gives %q", c.Format, tm, c.Offset, got, want)
		case !isText && err.Error() != c.Want.(map[string]any)["error"]:
			t.Errorf("%s: error %v, Ruby's %v", c.Format, err, c.Want)
		default:
			continue
		}
		if failed++; failed > 40 {
			t.Fatal("too many")
		}
	}
}

func TestZoneOffsetAsRuby(t *testing.T) {
	for _, c := range loadRubyTimeCases(t).Zones {
		got, ok := rubyZoneToDiff(zonePrefix(c.Zone))
		switch {
		case c.Offset == nil && ok:
			t.Errorf("%q: %d, Ruby reads no offset", c.Zone, got)
		case c.Offset != nil && (!ok || got != *c.Offset):
			t.Errorf("%q: %d %v, Ruby reads %d", c.Zone, got, ok, *c.Offset)
		}
	}
}

// TestParseTimestampAsPuppet checks ParseTimestamp against Puppet's own
// Timestamp.parse (testdata/timestamp-parse.json, written by
// tools/rubyzones/parse-cases.rb): formats of most conversions, the
// default formats, timezones given and read, and the errors.
func TestParseTimestampAsPuppet(t *testing.T) {
	b, err := os.ReadFile("testdata/timestamp-parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text     string   `json:"text"`
		Formats  []string `json:"formats"`
		Timezone string   `json:"timezone"`
		Nsec     *int64   `json:"nsec"`
		Error    string   `json:"error"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		got, err := ParseTimestamp(c.Text, c.Timezone, c.Formats...)
		switch {
		case c.Nsec != nil && err != nil:
			t.Errorf("%q %q %q: %v, Puppet gives %s", c.Text, c.Formats, c.Timezone, err, Timestamp(*c.Nsec))
		case c.Nsec != nil && int64(got) != *c.Nsec:
			t.Errorf("%q %q %q: %s, Puppet gives %s", c.Text, c.Formats, c.Timezone, got, Timestamp(*c.Nsec))
		case c.Nsec == nil && err == nil:
			t.Errorf("%q %q %q: %s, Puppet fails: %s", c.Text, c.Formats, c.Timezone, got, c.Error)
		case c.Nsec == nil && err.Error() != c.Error:
			t.Errorf("%q %q %q: %v, Puppet fails: %s", c.Text, c.Formats, c.Timezone, err, c.Error)
		}
	}
}
