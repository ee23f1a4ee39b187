package conformance

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// CompileBatch compiles with pp2go the jobs of an oracle batch file
// (compile-catalog --batch: `ENV_DIR NODE FACTS OUT` lines), as the
// oracle does, into OUT.json or OUT.error (OUT.warnings for warnings),
// the environment's paths in them relative to it, as the oracle writes them:
// every environment is generated into one Go module and built into one
// driver, as the language corpus is (BuildLangCorpus, under work), for
// Puppet puppet. An environment that pp2go's build rejects gets its build
// error as each of its nodes' outcome, as Puppet reports a parse error.
// Environments are named after their directories, which must differ.
func CompileBatch(batch, work string, puppet int, timeout time.Duration) error {
	f, err := os.Open(batch)
	if err != nil {
		return err
	}
	defer f.Close()
	archives := map[string]*LangArchive{}
	var order []*LangArchive
	var jobs []LangJob
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 {
			continue
		}
		if len(w) != 4 {
			return fmt.Errorf("%s: want ENV_DIR NODE FACTS OUT, got %q", batch, sc.Text())
		}
		a := archives[w[0]]
		if a == nil {
			if a, err = envArchive(w[0]); err != nil {
				return err
			}
			archives[w[0]] = a
			order = append(order, a)
		}
		a.Nodes = append(a.Nodes, w[1])
		jobs = append(jobs, LangJob{Archive: a, Node: w[1], FactsFile: w[2], Out: w[3]})
	}
	if err := sc.Err(); err != nil {
		return err
	}
	lc, err := BuildLangCorpus(order, work, puppet)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if errs := lc.BuildErr[j.Archive.Name]; errs != nil {
			text := j.Archive.buildErrorText(errs, j.Node)
			if err := os.WriteFile(j.Out+".error", []byte(text+"\n"), 0o644); err != nil {
				return err
			}
		}
	}
	if _, err = lc.Run(jobs, timeout); err != nil {
		return err
	}
	// the environment's paths as the oracle writes them: relative to it
	for _, j := range jobs {
		for _, ext := range []string{".json", ".error", ".warnings"} {
			b, err := os.ReadFile(j.Out + ext)
			if os.IsNotExist(err) {
				continue
			} else if err != nil {
				return err
			}
			if err := os.WriteFile(j.Out+ext, []byte(j.Archive.normalize(string(b))), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// envArchive reads an environment directory's files as an archive of the
// language corpus.
func envArchive(dir string) (*LangArchive, error) {
	a := &LangArchive{Name: filepath.Base(dir), Path: dir, Files: map[string][]byte{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		a.Files[filepath.ToSlash(rel)] = b
		return err
	})
	return a, err
}
