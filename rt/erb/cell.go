package erb

import "github.com/pp2go/pp2go/rt/cell"

// Cell is where a ConstRef or Site3x of generated code keeps what it
// finds at run time, outside the binary's data (package cell).
type Cell = cell.Cell
