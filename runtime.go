// Package pp2go holds the source of pp2go's runtime (package rt and its
// subpackages, the module's internal packages the compiler shares with
// it, and the module's go.mod and go.sum). The code generator
// writes it beside the Go module it generates, so that the generated
// module builds with no network and no checkout of pp2go.
package pp2go

import "embed"

// Runtime is the runtime's source tree.
//
//go:embed go.mod go.sum rt internal/rubystr internal/hocon internal/yamlstrict
var Runtime embed.FS
