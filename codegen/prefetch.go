package codegen

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/codegen/rubyfn"
	"github.com/pp2go/pp2go/frontend/env"
)

// Translating a module's ERB templates and Ruby functions depends on
// their files alone, and was a third of generating the modules, which is
// sequential (12% of a 92-module generation's CPU): the translations start
// on every core as generation starts, in the order generation needs them,
// and generation takes each when it comes to it.

// translation is a file's translation, ready once done is closed.
type translation struct {
	done     chan struct{}
	readErr  error
	template *erbgen.Template
	function *rubyfn.Function
	err      error
}

// prefetch is the translations of an environment's Ruby, by file.
type prefetch struct {
	files map[string]*translation
}

// translateAhead starts translating the modules' ERB templates and the
// Ruby functions translateRuby may translate (those Puppet finds by their
// names), on every core.
func (g *generator) translateAhead() *prefetch {
	p := &prefetch{files: map[string]*translation{}}
	type job struct {
		path     string
		template bool
		t        *translation
	}
	var jobs []job
	add := func(path string, template bool) {
		if _, ok := p.files[path]; ok {
			return
		}
		t := &translation{done: make(chan struct{})}
		p.files[path] = t
		jobs = append(jobs, job{path, template, t})
	}
	for _, m := range g.e.Modules {
		for _, name := range m.Templates {
			if !strings.HasSuffix(name, ".epp") {
				add(templatePath(m, name), true)
			}
		}
		for _, rf := range m.RubyFunctions {
			if translate, _ := g.translatesRuby(m, rf); translate {
				add(rf.Path, false)
			}
		}
	}
	work := make(chan job, len(jobs))
	for _, j := range jobs {
		work <- j
	}
	close(work)
	for range runtime.GOMAXPROCS(0) {
		go func() {
			for j := range work {
				j.t.run(j.path, j.template)
			}
		}()
	}
	return p
}

func (t *translation) run(path string, template bool) {
	defer close(t.done)
	src, err := os.ReadFile(path)
	if err != nil {
		t.readErr = err
		return
	}
	if template {
		t.template, t.err = rubyfn.TranslateTemplate(path, src)
	} else {
		t.function, t.err = rubyfn.Translate(path, src)
	}
}

// get waits for a file's translation, or makes it now when none was
// started.
func (p *prefetch) get(path string, template bool) *translation {
	if t := p.files[path]; t != nil {
		<-t.done
		return t
	}
	t := &translation{done: make(chan struct{})}
	t.run(path, template)
	return t
}

// templatePath is the file of a module's template.
func templatePath(m *env.Module, name string) string {
	return filepath.Join(m.Dir, "templates", filepath.FromSlash(name))
}
