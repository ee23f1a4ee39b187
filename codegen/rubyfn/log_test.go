package rubyfn

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// A log call's interpolated message is given as its parts, which the
// runtime joins only when the compile keeps the level
// (PuppetLogInterp, ScopeLogInterp); any other message is the value.
func TestLogMessageParts(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:logs, :type => :rvalue) do |args|
    x = args[0]
    Puppet.debug("made #{x} of #{args}")
    debug("scope #{x}")
    Puppet.debug('plain')
    notice(x)
    x
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/logs.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := jen.NewFile("translated")
	fun.Emit(f, "rbfnLogs", "m")
	got := f.GoString()
	for _, want := range []string{
		`r.PuppetLogInterp("debug", "made ", x, " of ", args)`,
		`r.ScopeLogInterp("debug", "scope ", x)`,
		`r.PuppetLog("debug", r.Str("plain"))`,
		`r.ScopeLog("notice", x)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, got)
		}
	}
}
