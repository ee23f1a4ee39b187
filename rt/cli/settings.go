package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/pp2go/pp2go/rt"
)

// puppetFlags are --puppet and --setting, which every command that
// compiles takes: the Puppet release compiled as (default: the build's)
// and settings as puppet.conf spells them.
type puppetFlags struct {
	puppet   string
	settings []string
}

func (pf *puppetFlags) add(f *pflag.FlagSet) {
	f.StringVar(&pf.puppet, "puppet", "", "compile as this Puppet: "+rt.PuppetVersions+" (default: the one the binary was built for)")
	stringsVar(f, &pf.settings, "setting", "NAME=VALUE: a Puppet setting as puppet.conf spells it (repeatable): "+
		strings.Join(rt.SettableSettings(), ", "))
}

// apply sets the release and the settings on the program, before its
// first compile.
func (pf *puppetFlags) apply(p *rt.Program) error {
	if pf.puppet != "" {
		r, err := rt.ParsePuppet(pf.puppet)
		if err != nil {
			return fmt.Errorf("--puppet: %w", err)
		}
		p.SetPuppet(r)
	}
	for _, kv := range pf.settings {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("--setting %q: give NAME=VALUE", kv)
		}
		if err := p.SetSetting(name, value); err != nil {
			return err
		}
	}
	return nil
}

// settingsHelp is the help text on the release and the settings.
const settingsHelp = `The binary compiles as the Puppet release it was built for (pp2go build
--puppet; 8.10 by default); --puppet 7 or --puppet 8 chooses here. Puppet 8
defaults to strict=error and strict_variables=true (an unknown variable is an
error), Puppet 7 to strict=warning and strict_variables=false.

--setting NAME=VALUE sets a Puppet setting, as puppet.conf spells it:
strict (off, warning, error) and strict_variables (true, false) change
what compiles; data_binding_terminus (hiera, none: no global Hiera layer
but for the hiera_* functions) what lookups find; digest_algorithm (sha256,
md5, sha224, sha384, sha512) what digest() computes; disable_warnings (a
comma-separated list of deprecations, undefined_variables,
undefined_resources) which warnings a compile logs; max_errors,
max_warnings and max_deprecations (10) how many of a file's validation
errors, warnings and deprecations are reported (max_warnings=0 also
silences the evaluator's warnings, as Puppet's); rich_data=false writes
catalogs as plain JSON, as puppetserver renders them then: a value JSON
cannot hold (default, a type, a Regexp, Binary, Timestamp, Timespan,
SemVer, Deferred) and a hash key that is not a String become strings, each
with a warning (an error under strict=error, Puppet 8's default); serve
does so too for an agent that does not accept rich data (an environment.conf
that sets rich_data decides it, whatever --setting says). The directories
(confdir, codedir, vardir, logdir, rundir, publicdir, environmentpath,
basemodulepath) and the certname change what $settings::* shows, which
otherwise are a Debian server's defaults for the release; static_catalogs
changes no catalog (pp2go's server sends no code_id, without which
puppetserver inlines nothing); storeconfigs is --puppetdb (true needs it,
false refuses it); trusted_oid_mapping_file (default
$confdir/custom_trusted_oid_mapping.yaml) names the certificate extensions
of $trusted['extensions'] that serve sees, as puppetserver's does. A value
Puppet refuses is refused with Puppet's error. Settings given at build time
apply unless set again here. The settings that decide what the build read
(code, default_manifest, disable_per_environment_manifest, hiera_config,
config_version) are refused here, saying so: give them to pp2go build. Any
other setting is refused, naming it (rt/puppet-versions.md says why for
each setting Puppet's compiler reads).`
