package rt

import "github.com/pp2go/pp2go/rt/cell"

// Cell is where a reference of generated code keeps what it finds at run
// time, outside the binary's data (package cell): a generated package
// gives each of its references a cell of its zero-valued cells array.
type Cell = cell.Cell
