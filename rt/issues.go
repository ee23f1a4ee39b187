package rt

import (
	"fmt"
	"strings"
)

// Issues are what Puppet's validation found in one file that its
// IssueReporter reports (pops/issue_reporter.rb assert_and_report), as the
// build found them: the compile reports them under its max_errors,
// max_warnings and max_deprecations settings.
type Issues struct {
	File string // the file's path, as the "Giving up" message names it
	// Errors are the errors' messages, in order; First is the first one
	// with its location, which is raised alone
	Errors []string
	First  string
	// Warnings counts the file's warnings and deprecations, which the
	// "Giving up" message counts when there are any
	Warnings int
}

// failure is the error loading the file fails with: its one error (or the
// first, when max_errors is at most 1) located, else the messages of the
// first max_errors errors and then the count.
func (p *Program) failure(v *Issues) string {
	if len(v.Errors) == 1 || p.maxErrors <= 1 {
		return v.First
	}
	var b strings.Builder
	for _, m := range v.Errors[:min(len(v.Errors), p.maxErrors)] {
		b.WriteString(m + "\n")
	}
	if v.Warnings > 0 {
		fmt.Fprintf(&b, "Language validation logged %d errors, and %d warnings. Giving up (file: %s)", len(v.Errors), v.Warnings, v.File)
	} else {
		fmt.Fprintf(&b, "Language validation logged %d errors. Giving up (file: %s)", len(v.Errors), v.File)
	}
	return b.String()
}

// firstN is the first n of msgs (none when n is not positive): the
// warnings or deprecations of a file assert_and_report logs under
// max_warnings or max_deprecations.
func firstN(msgs []string, n int) []string {
	return msgs[:max(0, min(len(msgs), n))]
}

// logDeprecations logs a file's validation deprecations: at most
// max_deprecations, none when disable_warnings holds deprecations
// (issue_reporter.rb makes max_deprecations 0 then).
func (c *Ctx) logDeprecations(msgs []string) {
	if c.prog.WarningsDisabled("deprecations") {
		return
	}
	for _, w := range firstN(msgs, c.prog.maxDeprecations) {
		c.logAt("warning", nil, w, nil)
	}
}

// issueWarning logs an issue of the evaluator whose severity is a warning
// (UNKNOWN_VARIABLE, NUMERIC_COERCION, RT_NO_STORECONFIGS...): Puppet
// reports each alone through assert_and_report (runtime3_support.rb
// ExceptionRaisingAcceptor), which logs none under a max_warnings of 0.
func (c *Ctx) issueWarning(site *Site, msg string) {
	if c.prog.maxWarnings > 0 {
		c.Warning(site, msg)
	}
}

// MaxErrors is the program's max_errors setting: how many of a file's
// validation errors are reported (Issues).
func (p *Program) MaxErrors() int { return p.maxErrors }
