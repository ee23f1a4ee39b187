package main

import (
	"fmt"

	"github.com/pp2go/pp2go/codegen/hieragen/testdata/build-3705149727/hieradata"
)

func main() { fmt.Println(len(hieradata.Data.Files), hieradata.Data.Files[199].Hash().Len()) }
