// Package hiera is Hiera 5 at run time: the data of the three layers
// (global, environment, module) compiled into the binary, and the lookups of
// one catalog compile (lookup(), hiera(), hiera_array(), hiera_hash(),
// hiera_include() and automatic parameter lookup), with the semantics and
// messages of Puppet 7.23 (pops/lookup/*.rb, functions/lookup.rb).
//
// The build (frontend/hiera) reads every hiera.yaml and every data file a
// hierarchy can reach and produces a *Data; codegen/hieragen writes it into
// the generated program. At run time a Session per catalog compile resolves
// hierarchies against the compiler's variables (facts, trusted, top scope),
// which is all Hiera needs from the compiler (the Scope interface).
//
// Errors panic with a *values.Error carrying Puppet's message; the caller
// adds the position of the call.
package hiera

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// Data is everything Hiera needs at run time: the configurations of the
// layers and the parsed data files.
type Data struct {
	// EnvName is the environment's name ("production").
	EnvName string
	// Global is the global layer (the hiera.yaml given to pp2go), nil when
	// there is none.
	Global *Config
	// Env is the environment layer, nil when the environment has no
	// hiera.yaml of version 4 or 5.
	Env *Config
	// Modules maps a module name to its layer; a module without a hiera.yaml
	// (or with a version 3 one, which Puppet ignores) has none.
	Modules map[string]*Config
	// ModuleNames lists every module of the environment (with or without
	// data), for the explain output's "module not found" distinction.
	ModuleNames []string
	// Files holds every file a hierarchy can reach, sorted by Path.
	Files []*File
	// Warnings are logged by the first lookup of each compile, as Puppet
	// logs them when it first reads the global layer's configuration
	// (deprecated versions); an environment's or module's are its
	// Config.Warnings.
	Warnings []Warning

	// Cell keeps the files by path (dataKept), made on first use; it
	// and the Cell of each Config, Entry and File are the generated
	// package's (package rt/cell).
	Cell *Cell
}

// dataKept is what a Data keeps in its cell.
type dataKept struct {
	once  sync.Once
	index map[string]*File
}

// Config is one hiera.yaml (or the default configuration Puppet uses when a
// layer has none).
type Config struct {
	// Path is the hiera.yaml's path, "" for a default configuration.
	Path string
	// Root is the directory relative to which datadirs are resolved.
	Root string
	// Version is 3, 4 or 5.
	Version int
	// Hierarchy, DefaultHierarchy (module layer only) and the entries as
	// declared, with defaults applied.
	Hierarchy        []*Entry
	DefaultHierarchy []*Entry
	// MergeBehavior and DeepMergeOptions are a version 3 file's settings.
	MergeBehavior    string
	DeepMergeOptions *values.Hash
	// Error, when set, is raised when the layer is first used: Puppet
	// validates a configuration when a lookup first needs it. Raised: it
	// is not a LookupError, which is reported as it is, but a Ruby error
	// (the YAML parser's, a type assertion's), which fails the expression
	// that looked up.
	Error  string
	Raised bool
	// Warnings are what reading the file logs (an environment's or a
	// module's), when a lookup first consults the layer.
	Warnings []Warning
	// StrictOnly: the layer exists only under strict=error, failing with
	// Error (a version 3 file at an environment's or module's root, which
	// Puppet otherwise ignores with a warning: assert_config_version).
	StrictOnly bool
	// VarLines maps a variable's name to the first line that interpolates
	// it (%{name}, the name quoted or not; comments skipped): where
	// Puppet's HIERA_UNDEFINED_VARIABLE points (find_line_matching).
	VarLines map[string]int

	// Cell keeps what earlier compiles found of the layer (configKept).
	Cell *Cell
}

// configKept is what a Config keeps in its cell.
type configKept struct {
	// opts and keys are the layer's lookup_options and its files' keys as
	// an earlier compile found them (keptOptions, keptKeys)
	opts atomicptr.Pointer[keptOptions]
	keys atomicptr.Pointer[keptKeys]
	// resolution is the hierarchy's resolution by an earlier compile
	// (keptLayer)
	resolution atomicptr.Pointer[keptLayer]
}

// kept is what c keeps in its cell.
func (c *Config) kept() *configKept { return cell.Made[configKept](&c.Cell) }

// location is the "(file: F, line: L)" of an error of the configuration,
// none for a default one.
func (c *Config) location(line int) string {
	switch {
	case c.Path == "":
		return ""
	case line > 0:
		return " (file: " + c.Path + ", line: " + strconv.Itoa(line) + ")"
	}
	return " (file: " + c.Path + ")"
}

// Warning is a warning Puppet logs as it reads a configuration.
type Warning struct {
	Msg string
	// Unless is the strict setting under which Puppet does not log it:
	// "off" for a version's deprecation, "error" for an ignored version 3
	// file (an error then); "" for none.
	Unless string
	// Key, when set, is warn_once's key: a compile logs one warning of
	// that key, whichever file it concerns.
	Key string
	// Kind is warn_once's kind: "deprecations" is not logged when the
	// disable_warnings setting holds it.
	Kind string
}

// Entry is one level of a hierarchy.
type Entry struct {
	Name string
	// Kind is the function kind: "data_hash", "lookup_key", "data_dig",
	// "hiera3_backend", or for version 3 files "v3_data_hash" and
	// "v3_lookup_key".
	Kind string
	// Function is the backend function's name (yaml_data, json_data, ...).
	Function string
	// Datadir is the entry's data directory, joined with the config root but
	// not yet interpolated.
	Datadir string
	// LocationKind is "path", "paths", "glob", "globs", "uri", "uris",
	// "mapped_paths" or "" (no locations).
	LocationKind string
	// Locations are the declared, uninterpolated locations.
	Locations []string
	// Extension is appended to paths that lack it (version 3 and 4 files).
	Extension string
	// Options is the entry's options hash (uninterpolated), nil for none.
	Options *values.Hash
	// DefaultConfig is set for entries of a default configuration: paths
	// that do not exist are dropped.
	DefaultConfig bool

	// Cell keeps the entry's resolutions by earlier compiles, which a
	// compile reuses when every variable it read has the same value
	// (entryKept).
	Cell *Cell
}

// res is the entry's last resolution by an earlier compile.
func (e *Entry) res() *atomicptr.Pointer[entryResolution] {
	return &cell.Made[entryKept](&e.Cell).last
}

// recent is the entry's resolutions by earlier compiles, by what they read.
func (e *Entry) recent() *recentResolutions {
	return &cell.Made[entryKept](&e.Cell).recent
}

// File is a file that a hierarchy can reach, parsed at build time in the
// format its backend reads.
type File struct {
	Path string
	// Format is "yaml", "json" or "hocon" ("" for a file no backend parses).
	Format string
	// Data is the file's hash.
	Data *values.Hash
	// Error is the error Puppet raises when the file is read, when it could
	// not be parsed.
	Error string
	// Warning is the warning Puppet logs when the file is read (a YAML file
	// that is not a hash).
	Warning string
	// StrictError: Warning is the error raised instead under strict=error
	// (yaml_data.rb: a YAML file that holds neither a hash nor false,
	// which an empty or comment-only file loads as).
	StrictError bool
	// Dir marks a directory (paths may name one; globs skip them).
	Dir bool
	// Text is the file's text, kept for a level whose backend is a
	// function of the environment, which may read it (cached_file_data).
	Text string
	// Invalid maps the top-level keys whose values Puppet rejects as not
	// RichData (Ruby symbols, hash keys that are not strings or numbers) to
	// the type Puppet infers for them; looking such a key up fails.
	Invalid map[string]string

	// Encoded, when set, is Data in EncodeValue's form, decoded on first use:
	// generated code keeps large data encoded until a lookup reads it, and as
	// a string constant, so that the generated table is static data, not
	// built (a closure for each file) as the program starts.
	Encoded string
	// Cell keeps the data decoded and the keys whose values interpolate
	// (fileKept).
	Cell *Cell
}

// fileKept is what a File keeps in its cell.
type fileKept struct {
	decoded sync.Once
	data    *values.Hash // Encoded, decoded
	// interps holds the keys whose values interpolate (interpolates)
	interps     map[string]bool
	interpsOnce sync.Once
}

// Hash returns the file's data, decoding it on first use.
func (f *File) Hash() *values.Hash {
	if f.Encoded == "" {
		return f.Data
	}
	k := cell.Made[fileKept](&f.Cell)
	k.decoded.Do(func() { k.data, _ = DecodeValue(f.Encoded).(*values.Hash) })
	return k.data
}

// interpolates reports whether the value of the file's key holds a %{...}
// expression, which a lookup that finds it interpolates: most files' values
// hold none, and a value that holds none is found as it is, however large.
func (f *File) interpolates(key string) bool {
	kept := cell.Made[fileKept](&f.Cell)
	kept.interpsOnce.Do(func() {
		h := f.Hash()
		if h == nil {
			return
		}
		for i := 0; i < h.Len(); i++ {
			if k, ok := h.KeyAt(i).(values.String); ok && NeedsInterpolation(h.ValueAt(i)) {
				if kept.interps == nil {
					kept.interps = map[string]bool{}
				}
				kept.interps[string(k)] = true
			}
		}
	})
	return kept.interps[key]
}

func (d *Data) file(path string) *File {
	kept := cell.Made[dataKept](&d.Cell)
	kept.once.Do(func() {
		kept.index = make(map[string]*File, len(d.Files))
		for _, f := range d.Files {
			kept.index[f.Path] = f
		}
	})
	return kept.index[path]
}

// filesUnder returns the files whose path starts with prefix, in order.
func (d *Data) filesUnder(prefix string) []*File {
	i := sort.Search(len(d.Files), func(i int) bool { return d.Files[i].Path >= prefix })
	var out []*File
	for ; i < len(d.Files) && strings.HasPrefix(d.Files[i].Path, prefix); i++ {
		out = append(out, d.Files[i])
	}
	return out
}

func (d *Data) hasModule(name string) bool {
	for _, m := range d.ModuleNames {
		if m == name {
			return true
		}
	}
	_, ok := d.Modules[name]
	return ok
}
