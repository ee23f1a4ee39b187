package rt

import "testing"

// TestWarnOnceKey: a warn_once warning is logged once per compilation and
// carries its key (LogEntry.Once), so that a process compiling for many
// nodes can log it once (serve).
func TestWarnOnceKey(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	c.top.WarnOnce("k", "located")
	c.top.WarnOnce("k", "located")
	c.top.WarnOnceUnlocated("u", "unlocated")
	c.top.WarnOnceUnlocated("u", "unlocated")
	c.top.Warn("plain")
	var got []string
	for _, l := range c.Logs() {
		got = append(got, l.Message+"/"+l.Once)
	}
	if want := []string{"located/k", "unlocated/u", "plain/"}; len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("got %v, want %v", got, want)
	}
}
