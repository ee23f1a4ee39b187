package hiera

import (
	"sync"
	"testing"

	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// Compiles run in parallel over one Data (compile -j N): sessions share it
// and must agree (run with -race).
func TestParallelSessions(t *testing.T) {
	loaded, _, _, scope, _ := loadCase(t, "bench_deep6")
	want := values.ToString(rthiera.NewSession(loaded, scope).Lookup(deep6Args))
	// as generated code has it: data decoded on first use
	d := &rthiera.Data{EnvName: loaded.EnvName, Env: loaded.Env, Modules: loaded.Modules}
	for _, f := range loaded.Files {
		d.Files = append(d.Files, &rthiera.File{Path: f.Path, Format: f.Format, Encoded: rthiera.EncodeValue(f.Hash())})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				s := rthiera.NewSession(d, scope)
				if got := values.ToString(s.Lookup(deep6Args)); got != want {
					errs <- got
					return
				}
				s.Lookup(&rthiera.LookupArgs{Name: values.String("profile::packages")})
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("parallel lookup gave %s, want %s", e, want)
	}
}
