package hiera

import "github.com/pp2go/pp2go/rt/cell"

// Cell is where the generated Data, Config, Entry and File keep what
// compiles find, outside the binary's data (package rt/cell).
type Cell = cell.Cell
