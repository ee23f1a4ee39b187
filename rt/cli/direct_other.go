//go:build !linux || !(amd64 || arm64)

package cli

import "errors"

// oDirect is 0: direct writes are Linux's on amd64 and arm64 here
// (direct_aio.go).
const oDirect = 0

// directDir is false: direct_aio.go.
func directDir(string) bool { return false }

// endDirect does nothing: no file is opened with oDirect.
func endDirect(file) error { return nil }

// aio is none here (direct_aio.go).
type aio struct{}

func newAIO() *aio { return nil }

func (a *aio) close() {}

func (a *aio) submit(file, []byte) error { return errors.ErrUnsupported }

func (a *aio) wait() (int, error) { return 0, errors.ErrUnsupported }
