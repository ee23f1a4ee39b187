// These tests import the generated pp2go.local/catalog/catalog, which
// only the module pp2go test generates has: this go.mod keeps them out of
// pp2go's own module (go vet ./..., go test ./...).
module pp2go.local/hello-spec

go 1.26
