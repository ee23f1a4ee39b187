// Package conformance measures pp2go against Puppet 7.23's own outputs,
// kept as data in ../shared/conformance (see its README): the parser corpus
// now, the catalog scenarios and the module sweep as they land.
package conformance

import (
	"archive/tar"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/ulikunitz/xz"
)

// SharedDir is the project's shared directory: $PP2GO_SHARED, or ../shared
// beside the repository.
func SharedDir() string {
	if d := os.Getenv("PP2GO_SHARED"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared")
}

// ModulesDir is where Debian's puppet-module-* packages install modules:
// $PUPPET_MODULES, or /usr/share/puppet/modules.
func ModulesDir() string {
	if d := os.Getenv("PUPPET_MODULES"); d != "" {
		return d
	}
	return "/usr/share/puppet/modules"
}

// ReadTarXZ reads every regular file of a .tar.xz archive into memory.
func ReadTarXZ(path string) (map[string][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(xr)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		files[filepath.Clean(h.Name)] = data
	}
}
