package erb

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScratchCorpus(t *testing.T) {
	var files []string
	filepath.Walk("/usr/share/puppet/modules/", func(p string, info os.FileInfo, err error) error { return nil })
	out, _ := os.ReadFile("/tmp/erbsurvey/files.txt")
	files = strings.Fields(string(out))
	fails := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		_, err := Parse(f, src)
		if err != nil {
			fails++
			t.Logf("%v", err.(interface{ Short() string }).Short())
		}
	}
	t.Logf("%d/%d failed", fails, len(files))
}
