package rubyfn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZScanTemplates(t *testing.T) {
	var files []string
	filepath.Walk("/tmp/fx/mods", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".erb") && strings.Contains(p, "/templates/") {
			files = append(files, p)
		}
		return nil
	})
	bad := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if _, err := TranslateTemplate(f, src); err != nil {
			bad++
			t.Logf("FAIL %s: %v", strings.TrimPrefix(f, "/tmp/fx/mods/"), err)
		}
	}
	t.Logf("%d templates, %d fail", len(files), bad)
}
