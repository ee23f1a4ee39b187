// Package fileserve answers Puppet's file serving requests, file_metadata,
// file_metadatas and file_content, from the module files compiled into a
// program (rt.ModuleTree), as Puppet's file server answers them for the
// mounts modules (a module's files/), plugins (every module's lib/),
// pluginfacts (facts.d/) and locales (locales/). Nothing else is served:
// no path reaches outside the compiled-in trees.
//
// It has no server of its own. The agent API server (rt/server) checks
// the client's access and the environment parameter, then hands it the
// request:
//
//	fs := fileserve.New(prog)
//	fs.ServeHTTP(w, r) // r.URL.Path: /puppet/v3/file_metadata/KEY,
//	                   // /puppet/v3/file_metadatas/KEY, /puppet/v3/file_content/KEY
//
// Errors are Puppet's JSON body, {"message": "Not Found: Could not find
// file_metadata modules/x/y", "issue_kind": "RESOURCE_NOT_FOUND"}, with
// its status (404 for an unknown mount or file); a request Puppet would
// fail with a server error (a `..` in the path, an unknown checksum type)
// is a 400 with Puppet's message.
//
// Embedded files have no owner, mode or time of their own: the build
// records each source file's mode, owner, group and modification time
// (rt.TreeEntry), and metadata reports them as Puppet reports the
// server's files: with source_permissions=use (pluginsync asks for it)
// the recorded owner, group and mode; otherwise (the default, ignore)
// the serving process's uid and gid and mode 0644, as Puppet's MetaStat.
// The mtime and ctime checksums are the recorded modification time.
package fileserve

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"net/http"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pp2go/pp2go/rt"
)

// Server answers file requests from a program's module trees.
type Server struct {
	prog *rt.Program
	// Uid and Gid are the serving process's, which Puppet reports as a
	// file's owner and group when permissions are ignored.
	Uid, Gid int

	// sums caches digests: the files never change, and pluginsync asks
	// for every plugin's on every agent run
	sums sync.Map // sumKey -> string
}

type sumKey struct {
	e     *rt.TreeEntry
	ctype string
}

// New makes the file server of a program.
func New(p *rt.Program) *Server {
	return &Server{prog: p, Uid: os.Geteuid(), Gid: os.Getegid()}
}

// Error is a request's failure: Puppet's HTTP status and message.
type Error struct {
	Status int
	// Message is Puppet's, with its prefix ("Not Found: ...").
	Message   string
	IssueKind string
}

func (e *Error) Error() string { return e.Message }

// JSON is Puppet's error body.
func (e *Error) JSON() []byte {
	b, _ := json.Marshal(struct {
		Message   string `json:"message"`
		IssueKind string `json:"issue_kind"`
	}{e.Message, e.IssueKind})
	return b
}

func notFound(msg string) *Error {
	return &Error{Status: http.StatusNotFound, Message: "Not Found: " + msg, IssueKind: "RESOURCE_NOT_FOUND"}
}

func badRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Message: "Bad Request: " + msg, IssueKind: "RUNTIME_ERROR"}
}

// Options are a request's parameters, as the agent sends them.
type Options struct {
	Links             string // "manage" (default) or "follow"
	ChecksumType      string // "sha256" (default), "md5", "mtime", ...
	SourcePermissions string // "ignore" (default), "use", "use_when_creating"
	Recurse           bool
	RecurseLimit      int // 0: no limit
	MaxFiles          int // 0: no limit (Puppet warns past 1000)
	Ignore            []string
}

// ParseOptions reads a request's query parameters.
func ParseOptions(q url.Values) (Options, error) {
	o := Options{Links: "manage", ChecksumType: "sha256", SourcePermissions: "ignore"}
	if v := q.Get("links"); v != "" {
		if v == "ignore" {
			v = "manage"
		}
		if v != "manage" && v != "follow" {
			return o, badRequest(":links can only be set to :manage or :follow")
		}
		o.Links = v
	}
	if v := q.Get("checksum_type"); v != "" {
		if _, ok := checksumTypes[v]; !ok {
			return o, badRequest("Unsupported checksum type " + v)
		}
		o.ChecksumType = v
	}
	if v := q.Get("source_permissions"); v != "" {
		switch v {
		case "use", "use_when_creating", "ignore":
		default:
			return o, badRequest("Unsupported source_permission " + v)
		}
		o.SourcePermissions = v
	}
	// Puppet's Fileset recurses on any value but false
	if v, ok := q["recurse"]; ok && len(v) > 0 && v[0] != "false" && v[0] != "" {
		if isDigits(v[0]) {
			return o, badRequest("Fileset recurse parameter must not be a number anymore, please use recurselimit")
		}
		o.Recurse = true
	}
	if v := q.Get("recurselimit"); v != "" && v != "infinite" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return o, badRequest("Invalid recurselimit " + strconv.Quote(v))
		}
		o.RecurseLimit = n
		if n == 0 {
			o.RecurseLimit = -1 // recurselimit 0: the directory alone
		}
	}
	if v := q.Get("max_files"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			o.MaxFiles = n
		}
	}
	for _, v := range q["ignore"] {
		if v != "" {
			o.Ignore = append(o.Ignore, v)
		}
	}
	return o, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Metadata is Puppet::FileServing::Metadata#to_data_hash.
type Metadata struct {
	Path         string   `json:"path"`
	RelativePath *string  `json:"relative_path"`
	Links        string   `json:"links"`
	Owner        int      `json:"owner"`
	Group        int      `json:"group"`
	Mode         int      `json:"mode"`
	Checksum     Checksum `json:"checksum"`
	Type         string   `json:"type"`
	Destination  *string  `json:"destination"`
}

// Checksum is a metadata's checksum, {"type": "sha256", "value": "{sha256}..."}.
type Checksum struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// file is a file found in a mount: its tree and entry (nil for the
// tree's root) and its path on the server.
type file struct {
	tree  *rt.ModuleTree
	entry *rt.TreeEntry
	base  string // the tree's directory on the server
	rel   string // relative to base, "" for base itself
	// baseTime is the time of a fileset's base, which Puppet gives its
	// directories; 0 outside a fileset
	baseTime int64
}

func (f *file) isDir() bool { return f.entry == nil || f.entry.Dir }

// split parses a request key, "MOUNT/PATH", as Puppet's
// FileServing::Configuration#split_path does.
func split(key string) (mount, rel string, err error) {
	mount, rel, _ = strings.Cut(key, "/")
	if !validMount(mount) {
		return "", "", badRequest(fmt.Sprintf("Cannot find file: Invalid mount '%s'", mount))
	}
	for _, seg := range strings.Split(rel, "/") {
		if seg == ".." {
			return "", "", badRequest(fmt.Sprintf("Cannot find file: Invalid relative path '%s'", rel))
		}
	}
	for strings.Contains(rel, "//") {
		rel = strings.ReplaceAll(rel, "//", "/")
	}
	return mount, rel, nil
}

func validMount(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// mountDirs are the module directories of the merged mounts.
var mountDirs = map[string]string{"plugins": "lib", "pluginfacts": "facts.d", "locales": "locales"}

// clean is a path inside a tree: no leading or trailing slash, no "."
// segment (Puppet joins the path to the directory, where they mean the
// same); ok false for a path that cannot be in a tree.
func clean(rel string) (string, bool) {
	var segs []string
	for _, s := range strings.Split(rel, "/") {
		switch s {
		case "", ".":
			continue
		case "..":
			return "", false
		}
		if strings.ContainsRune(s, 0) {
			return "", false
		}
		segs = append(segs, s)
	}
	return strings.Join(segs, "/"), true
}

// find is the file a mount gives for a path: Puppet's Mount#find.
func (s *Server) find(mount, rel string) (*file, bool) {
	switch mount {
	case "modules":
		mod, rest, _ := strings.Cut(rel, "/")
		if mod == "" {
			return nil, false
		}
		return s.inTree(mod, "files", rest)
	default:
		dir, ok := mountDirs[mount]
		if !ok {
			return nil, false
		}
		// the first module, in module path order, that has the path
		for _, mod := range s.prog.ModuleNames() {
			if f, ok := s.inTree(mod, dir, rel); ok {
				return f, true
			}
		}
		return nil, false
	}
}

// inTree finds a path in one module's tree.
func (s *Server) inTree(mod, dir, rel string) (*file, bool) {
	t := s.prog.ModuleTree(mod, dir)
	mdir, _ := s.prog.ModuleDir(mod)
	if t == nil {
		return nil, false
	}
	rel, ok := clean(rel)
	if !ok {
		return nil, false
	}
	f := &file{tree: t, base: mdir + "/" + dir, rel: rel}
	if rel == "" {
		return f, true
	}
	e, ok := t.Lookup(rel)
	if !ok {
		return nil, false
	}
	f.entry = e
	return f, true
}

// search is the filesets' bases a mount gives for a path: Puppet's
// Mount#search. For the merged mounts, every module's directory; when no
// module has one, the module path (or codedir), with no recursion.
func (s *Server) search(mount, rel string) (bases []*file, noRecurse bool, ok bool) {
	dir, merged := mountDirs[mount]
	if !merged {
		f, ok := s.find(mount, rel)
		if !ok {
			return nil, false, false
		}
		return []*file{f}, false, true
	}
	for _, mod := range s.prog.ModuleNames() {
		if f, ok := s.inTree(mod, dir, ""); ok {
			bases = append(bases, f)
		}
	}
	if len(bases) > 0 {
		return bases, false, true
	}
	roots := s.prog.ModulePath()
	if len(roots) == 0 {
		roots = []string{"/etc/puppet/code"}
	}
	// the directory's own mode, as it usually is (pluginsync, which uses
	// the modes, gives it to the agent's plugin directory)
	return []*file{{base: roots[0], tree: &rt.ModuleTree{Root: rt.TreeEntry{Dir: true, Mode: 0o755}}}}, true, true
}

// splitModule splits a request's key into its mount and the path in it;
// the modules mount needs a module name.
func splitModule(key string) (mount, rel string, err error) {
	mount, rel, err = split(key)
	if err == nil && mount == "modules" && rel == "" {
		err = badRequest("No module specified")
	}
	return mount, rel, err
}

// lookup finds the one file a key names, for the indirection what
// (file_metadata, file_content).
func (s *Server) lookup(key, what string) (*file, error) {
	mount, rel, err := splitModule(key)
	if err != nil {
		return nil, err
	}
	f, ok := s.find(mount, rel)
	if !ok {
		return nil, notFound("Could not find " + what + " " + key)
	}
	return f, nil
}

// FileMetadata answers file_metadata/KEY.
func (s *Server) FileMetadata(key string, o Options) (*Metadata, error) {
	f, err := s.lookup(key, "file_metadata")
	if err != nil {
		return nil, err
	}
	full := f.base
	if f.rel != "" {
		full += "/" + f.rel
	}
	// a single file's metadata has the file itself as its path
	return s.metadata(&file{tree: f.tree, entry: f.entry, base: full}, nil, o)
}

// FileMetadatas answers file_metadatas/KEY: the files under the path,
// "." (the path itself) first, then breadth first; where several modules
// have the same relative path, the first module's.
func (s *Server) FileMetadatas(key string, o Options) ([]*Metadata, error) {
	mount, rel, err := splitModule(key)
	if err != nil {
		return nil, err
	}
	bases, noRecurse, ok := s.search(mount, rel)
	if !ok {
		return nil, notFound(fmt.Sprintf("Could not find instances in file_metadata with '%s'", key))
	}
	if noRecurse {
		o.Recurse = false
	}
	seen := map[string]bool{}
	var out []*Metadata
	for _, b := range bases {
		full := b.base
		if b.rel != "" {
			full += "/" + b.rel
		}
		rels, err := s.fileset(b, full, o)
		if err != nil {
			return nil, err
		}
		for _, r := range rels {
			if seen[r] {
				continue
			}
			seen[r] = true
			f := &file{tree: b.tree, entry: b.entry, base: full, baseTime: stat(b.tree, b.entry).Mtime}
			if r != "." {
				p := r
				if b.rel != "" {
					p = b.rel + "/" + r
				}
				f.entry, _ = b.tree.Lookup(p)
			}
			r := r
			m, err := s.metadata(f, &r, o)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// fileset lists a base's files as Puppet's Fileset#files: "." first,
// then breadth first, leaving out ignored names.
func (s *Server) fileset(b *file, full string, o Options) ([]string, error) {
	var rels []string
	type level struct {
		rel   string // relative to the tree
		out   string // relative to the base
		depth int
	}
	queue := []level{{rel: b.rel}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if !o.Recurse || (o.RecurseLimit != 0 && (o.RecurseLimit < 0 || cur.depth+1 > o.RecurseLimit)) {
			continue
		}
		dir := b.entry
		if cur.rel != b.rel {
			dir, _ = b.tree.Lookup(cur.rel)
		}
		if dir != nil && (!dir.Dir || dir.Link != "" && o.Links == "manage") {
			continue
		}
		if dir == nil && cur.rel != "" {
			continue
		}
		for _, c := range b.tree.Children(cur.rel) {
			name := path.Base(c.Path)
			if ignored(name, o.Ignore) {
				continue
			}
			out := name
			if cur.out != "" {
				out = cur.out + "/" + name
			}
			rels = append(rels, out)
			queue = append(queue, level{rel: c.Path, out: out, depth: cur.depth + 1})
		}
	}
	if o.MaxFiles > 0 && len(rels) > o.MaxFiles {
		return nil, badRequest(fmt.Sprintf("The directory '%s' contains %d entries, which exceeds the limit of %d specified by the max_files parameter for this resource. The limit may be increased, but be aware that large number of file resources can result in excessive resource consumption and degraded performance. Consider using an alternate method to manage large directory trees", full, len(rels), o.MaxFiles))
	}
	return append([]string{"."}, rels...), nil
}

// ignored reports whether a name matches one of the ignore patterns, as
// Ruby's File.fnmatch? without flags: a leading period is matched only by
// a period in the pattern.
func ignored(name string, patterns []string) bool {
	for _, p := range patterns {
		if fnmatch(p, name) {
			return true
		}
	}
	return false
}

func fnmatch(pattern, name string) bool {
	if strings.HasPrefix(name, ".") {
		first := strings.TrimPrefix(pattern, `\`)
		if !strings.HasPrefix(first, ".") {
			return false
		}
	}
	pattern = strings.ReplaceAll(pattern, "[!", "[^")
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

// metadata is a file's metadata; rel is its relative_path (nil for a
// single file's).
func (s *Server) metadata(f *file, rel *string, o Options) (*Metadata, error) {
	m := &Metadata{Path: f.base, RelativePath: rel, Links: o.Links}
	e := f.entry
	st := stat(f.tree, e)
	mode, mtime, uid, gid := st.Mode, st.Mtime, st.Uid, st.Gid
	link := e != nil && e.Link != "" && o.Links == "manage"
	switch {
	case link:
		m.Type = "link"
		d := e.Link
		m.Destination = &d
		mode = 0o777
	case f.isDir():
		m.Type = "directory"
	default:
		m.Type = "file"
	}
	if o.SourcePermissions == "ignore" {
		m.Owner, m.Group, m.Mode = s.Uid, s.Gid, 0o644
	} else {
		m.Owner, m.Group, m.Mode = int(uid), int(gid), int(mode&0o7777)
	}
	ctype := o.ChecksumType
	if m.Type == "directory" {
		// Puppet times a directory by its fileset's base, whichever it is
		ctype = "ctime"
		if rel != nil {
			mtime = f.baseTime
		}
	}
	m.Checksum.Type = ctype
	value, err := s.checksum(f, ctype, mtime)
	if err != nil {
		return nil, err
	}
	m.Checksum.Value = "{" + ctype + "}" + value
	return m, nil
}

// stat is what the build recorded of an entry, or of the tree's own
// directory for nil.
func stat(t *rt.ModuleTree, e *rt.TreeEntry) *rt.TreeEntry {
	if e != nil {
		return e
	}
	if t == nil {
		return &rt.TreeEntry{Dir: true, Mode: 0o755}
	}
	return &t.Root
}

// checksumTypes are Puppet::Util::Checksums' types: the digest and
// whether it reads only the first 512 bytes.
var checksumTypes = map[string]struct {
	h    func() hash.Hash
	lite bool
}{
	"md5": {md5.New, false}, "md5lite": {md5.New, true},
	"sha1": {sha1.New, false}, "sha1lite": {sha1.New, true},
	"sha256": {sha256.New, false}, "sha256lite": {sha256.New, true},
	"sha224": {sha256.New224, false}, "sha384": {sha512.New384, false}, "sha512": {sha512.New, false},
	"mtime": {}, "ctime": {}, "none": {},
}

func (s *Server) checksum(f *file, ctype string, mtime int64) (string, error) {
	switch ctype {
	case "mtime", "ctime":
		// Ruby's Time#to_s, in the server's time zone
		return time.Unix(mtime, 0).Format("2006-01-02 15:04:05 -0700"), nil
	case "none":
		return "", nil
	}
	key := sumKey{f.entry, ctype}
	if v, ok := s.sums.Load(key); ok {
		return v.(string), nil
	}
	b, err := f.tree.Content(f.entry)
	if err != nil {
		return "", notFound("Could not read " + f.base)
	}
	c := checksumTypes[ctype]
	if c.lite && len(b) > 512 {
		b = b[:512]
	}
	h := c.h()
	h.Write(b)
	sum := hex.EncodeToString(h.Sum(nil))
	if f.entry != nil {
		s.sums.Store(key, sum)
	}
	return sum, nil
}

// FileContent answers file_content/KEY: the file's bytes.
func (s *Server) FileContent(key string) ([]byte, error) {
	f, err := s.lookup(key, "file_content")
	if err != nil {
		return nil, err
	}
	if f.isDir() {
		return nil, badRequest("Cannot read the contents of a directory: " + key)
	}
	b, err := f.tree.Content(f.entry)
	if err != nil {
		return nil, notFound("Could not find file_content " + key)
	}
	return b, nil
}

// ServeHTTP answers GET (and POST, as Puppet's routes allow a find by
// POST) /puppet/v3/file_metadata/KEY, /puppet/v3/file_metadatas/KEY and
// /puppet/v3/file_content/KEY. It checks the environment parameter as
// Puppet does (400 when missing or invalid, 404 when not the program's);
// the client's access is the caller's to check.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/puppet/v3/")
	if !ok {
		writeError(w, notFound("No route for "+r.Method+" "+r.URL.Path))
		return
	}
	ind, key, _ := strings.Cut(rest, "/")
	if r.Method != http.MethodGet && !(r.Method == http.MethodPost && ind != "file_metadatas") && r.Method != http.MethodHead {
		writeError(w, &Error{Status: http.StatusMethodNotAllowed, Message: "Method Not Allowed: No support for http method " + r.Method, IssueKind: "RUNTIME_ERROR"})
		return
	}
	q := r.URL.Query()
	if r.Method == http.MethodPost {
		if err := r.ParseForm(); err == nil {
			q = r.Form
		}
	}
	if ind != "file_metadata" && ind != "file_metadatas" && ind != "file_content" {
		e := notFound(fmt.Sprintf("Could not find indirection '%s'", ind))
		e.IssueKind = "HANDLER_NOT_FOUND"
		writeError(w, e)
		return
	}
	if err := s.checkEnvironment(q); err != nil {
		writeError(w, err)
		return
	}
	if key == "" {
		writeError(w, badRequest("No request key specified in "+r.URL.Path))
		return
	}
	switch ind {
	case "file_metadata", "file_metadatas":
		o, err := ParseOptions(q)
		if err != nil {
			writeError(w, err)
			return
		}
		var v any
		if ind == "file_metadata" {
			v, err = s.FileMetadata(key, o)
		} else {
			v, err = s.FileMetadatas(key, o)
		}
		if err != nil {
			writeError(w, err)
			return
		}
		b, _ := json.Marshal(v)
		w.Header().Set("Content-Type", jsonType)
		w.WriteHeader(http.StatusOK)
		w.Write(b)
	case "file_content":
		b, err := s.FileContent(key)
		if err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(b)
		}
	}
}

// checkEnvironment checks the environment parameter as Puppet's routes
// do: present, a valid name, the program's environment.
func (s *Server) checkEnvironment(q url.Values) error {
	vals, ok := q["environment"]
	if !ok || len(vals) == 0 {
		return badRequest("An environment parameter must be specified")
	}
	env := vals[0]
	name := strings.TrimSuffix(env, "\n") // Ruby's \Z allows a final newline
	valid := name != ""
	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			valid = false
		}
	}
	if !valid {
		return badRequest(fmt.Sprintf("The environment must be purely alphanumeric, not '%s'", env))
	}
	if env != s.prog.Environment {
		e := notFound(fmt.Sprintf("Could not find environment '%s'", env))
		e.IssueKind = "RUNTIME_ERROR"
		return e
	}
	return nil
}

// jsonType is the content type of Puppet's JSON answers in puppetserver.
const jsonType = "application/json;charset=utf-8"

func writeError(w http.ResponseWriter, err error) {
	e, ok := err.(*Error)
	if !ok {
		e = &Error{Status: http.StatusInternalServerError, Message: "Server Error: " + err.Error(), IssueKind: "RUNTIME_ERROR"}
	}
	w.Header().Set("Content-Type", jsonType)
	w.WriteHeader(e.Status)
	w.Write(e.JSON())
}
