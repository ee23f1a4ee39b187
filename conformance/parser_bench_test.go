package conformance

import (
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

// parseAndValidate is what Puppet does to a manifest before evaluating it.
func parseAndValidate(b *testing.B, name, src string) {
	res, err := parser.ParseFile(source.NewFile(name, src))
	if err == nil {
		err = validate.FirstError(validate.Program(res.Program, validate.Options{}))
	}
	if err != nil {
		b.Fatalf("%s: %v", name, err)
	}
}

func corpusStats(cases []corpusCase) (bytesTotal, lines int) {
	for _, c := range cases {
		bytesTotal += len(c.source)
		lines += strings.Count(c.source, "\n")
	}
	return bytesTotal, lines
}

// BenchmarkParseCorpus parses and validates the 1,898 files of the Debian
// module corpus on one goroutine; one op is the whole corpus.
func BenchmarkParseCorpus(b *testing.B) {
	cases := loadCorpus(b)
	size, lines := corpusStats(cases)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, c := range cases {
			parseAndValidate(b, c.rel, c.source)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkParseCorpusParallel does the same with one worker per CPU.
func BenchmarkParseCorpusParallel(b *testing.B) {
	cases := loadCorpus(b)
	size, lines := corpusStats(cases)
	workers := runtime.GOMAXPROCS(0)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for j := w; j < len(cases); j += workers {
					parseAndValidate(b, cases[j].rel, cases[j].source)
				}
			}(w)
		}
		wg.Wait()
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
