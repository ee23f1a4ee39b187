package conformance

import (
	"os"
	"path/filepath"
	"time"

	"github.com/pp2go/pp2go/codegen"
)

// EmptyProgramRun is how long a Go program that does nothing takes on
// this machine from the start of its process to its exit, built as the
// catalog binaries are (codegen.GoBuildFlags) into dir and run n times
// through rssrun as RunOnce runs them: the median. It is the floor under
// every run figure: the kernel's exec and exit, and the Go runtime's
// start, which touches a few hundred fresh pages (PageFaultCost). On this
// project's VM of December 2026 it was 5.6 ms, where /bin/true took
// 2.2 ms, a fourth of a one-shot keystone compile.
func EmptyProgramRun(dir string, n int) (time.Duration, error) {
	src := filepath.Join(dir, "empty-program")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return 0, err
	}
	files := map[string]string{
		"go.mod":  "module empty\n\ngo 1.26\n",
		"main.go": "// Command empty does nothing: the floor of a Go process's run.\npackage main\n\nfunc main() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			return 0, err
		}
	}
	bin := filepath.Join(src, "empty")
	if err := goBuild(src, bin, ".", codegen.GoBuildEnv()); err != nil {
		return 0, err
	}
	if err := codegen.SettleBinary(bin); err != nil {
		return 0, err
	}
	walls := make(Durations, 0, n)
	for range n {
		m, err := runMeasured(bin)
		if err != nil {
			return 0, err
		}
		walls = append(walls, m.Wall)
	}
	return walls.Median(), nil
}
