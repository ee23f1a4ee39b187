package conformance

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedPath is a path under the shared directory (../shared, or
// $PP2GO_SHARED); a test that needs it is skipped, saying so, when it is
// absent, as on a fresh clone of the repository alone.
func sharedPath(t testing.TB, rel ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{SharedDir()}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("needs %s from the project's shared directory (../shared beside the repository, or $PP2GO_SHARED): %v", filepath.Join(rel...), err)
	}
	return p
}

// workDir is the work directory name under the system's temporary
// directory, locked for the test (LockWork) until it ends: the tests that
// build environments there share it with the same test run from another
// checkout, whose generated code they would otherwise build.
func workDir(t testing.TB, name string) string {
	t.Helper()
	work := filepath.Join(os.TempDir(), name)
	unlock, err := LockWork(work)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unlock)
	return work
}
