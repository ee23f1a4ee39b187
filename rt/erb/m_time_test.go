package erb

import "testing"

// Ruby 3.1: t = Time.at(1700000000).utc; t.to_s is "2023-11-14 22:13:20
// UTC" and t.strftime(...) below what Ruby prints.
func TestTime(t *testing.T) {
	r := &R{}
	tm := r.Utc(r.TimeAt(ClassTime, int64(1700000000)))
	if got := ToS(tm); got != "2023-11-14 22:13:20 UTC" {
		t.Errorf("to_s: %s", got)
	}
	got := r.Strftime(tm, S("%Y-%m-%d %H:%M:%S %z %Z %s %j %a %b %e %-d %I %p %L %N %y %A %B %u %w %%")).(*Str).S
	if want := "2023-11-14 22:13:20 +0000 UTC 1700000000 318 Tue Nov 14 14 10 PM 000 000000000 23 Tuesday November 2 2 %"; got != want {
		t.Errorf("strftime: %s\nwant      %s", got, want)
	}
	if got := r.ToI(tm); got != int64(1700000000) {
		t.Errorf("to_i: %v", got)
	}
}
