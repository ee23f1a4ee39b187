module github.com/pp2go/pp2go

go 1.26.0

require (
	github.com/dlclark/regexp2 v1.12.0
	github.com/joshdk/go-junit v1.0.0
	github.com/jstemmer/go-junit-report/v2 v2.1.0
	github.com/spf13/cobra v1.10.2
	github.com/stretchr/testify v1.12.1
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/crypto v0.59.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/smallstep/pkcs7 v0.2.3
	github.com/spf13/pflag v1.0.9 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	go.yaml.in/yaml/v4 v4.0.0
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

tool golang.org/x/tools/cmd/goyacc
