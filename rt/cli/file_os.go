//go:build !(linux && (amd64 || arm64))

package cli

import (
	"errors"
	"os"
)

// file is an os.File here (file_linux.go says why not on Linux).
type file struct{ *os.File }

func openFile(name string, flag int, perm os.FileMode) (file, error) {
	f, err := openOS(name, flag, perm)
	return file{f}, err
}

func (f file) size() (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

func (f file) truncate(n int64) error { return f.Truncate(n) }

func (f file) writeAt(b []byte, off int64) error {
	_, err := f.WriteAt(b, off)
	return err
}

func (f file) chmod(mode os.FileMode) error { return f.Chmod(mode) }

// createUnnamed makes no unnamed file here (file_linux.go's): the catalog
// goes through a temporary file.
func createUnnamed(string, os.FileMode, int) (file, int, error) {
	return file{}, 0, errors.ErrUnsupported
}

func linkUnnamed(file, string) error { return errors.ErrUnsupported }
