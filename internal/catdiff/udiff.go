package catdiff

import (
	"fmt"
	"strings"
)

// context is how many unchanged lines a hunk shows around its changes.
const context = 3

// maxCells bounds the line-matching table; beyond it the differing middle
// of two texts is shown as removed then added, which is still a correct
// diff, only a longer one.
const maxCells = 1 << 22

const noNewline = "\\ No newline at end of file"

type lineOp struct {
	op   byte // ' ', '-', '+'
	text string
}

// UnifiedDiff is the unified diff of two texts (hunks only, no file
// headers), or "" when they are equal.
func UnifiedDiff(old, new string) string {
	a, b := lines(old), lines(new)
	ops := diffLines(a, b)
	var sb strings.Builder
	// Walk the operations, gathering hunks: changes with up to context
	// lines on each side, joined when closer than 2*context.
	for i := 0; i < len(ops); {
		if ops[i].op == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].op != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].op == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, run)
				break
			}
			end = run
		}
		writeHunk(&sb, ops, start, end)
		i = end
	}
	return sb.String()
}

func writeHunk(sb *strings.Builder, ops []lineOp, start, end int) {
	// Line numbers of the hunk's first line in each text.
	oldLine, newLine := 1, 1
	for _, o := range ops[:start] {
		if o.op != '+' {
			oldLine++
		}
		if o.op != '-' {
			newLine++
		}
	}
	oldN, newN := 0, 0
	for _, o := range ops[start:end] {
		if o.op != '+' {
			oldN++
		}
		if o.op != '-' {
			newN++
		}
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(oldLine, oldN), hunkRange(newLine, newN))
	for _, o := range ops[start:end] {
		text, nonl := strings.CutSuffix(o.text, "\x00")
		sb.WriteByte(o.op)
		sb.WriteString(text)
		sb.WriteByte('\n')
		if nonl {
			sb.WriteString(noNewline + "\n")
		}
	}
}

func hunkRange(line, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", line-1)
	case 1:
		return fmt.Sprint(line)
	}
	return fmt.Sprintf("%d,%d", line, n)
}

// lines splits a text into lines; a last line without a newline is marked
// with a NUL so that it differs from the same line with one.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	ls := strings.Split(s, "\n")
	if ls[len(ls)-1] == "" {
		return ls[:len(ls)-1]
	}
	ls[len(ls)-1] += "\x00"
	return ls
}

// diffLines is an edit script from a to b: the common prefix and suffix,
// and between them a longest common subsequence of lines.
func diffLines(a, b []string) []lineOp {
	var ops []lineOp
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		ops = append(ops, lineOp{' ', a[p]})
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	ops = append(ops, lcsOps(ma, mb)...)
	for _, l := range a[len(a)-s:] {
		ops = append(ops, lineOp{' ', l})
	}
	return ops
}

func lcsOps(a, b []string) []lineOp {
	var ops []lineOp
	n, m := len(a), len(b)
	if n == 0 || m == 0 || n*m > maxCells {
		for _, l := range a {
			ops = append(ops, lineOp{'-', l})
		}
		for _, l := range b {
			ops = append(ops, lineOp{'+', l})
		}
		return ops
	}
	// t[i][j] is the length of a longest common subsequence of a[i:] and b[j:].
	t := make([][]int32, n+1)
	for i := range t {
		t[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			ops = append(ops, lineOp{' ', a[i]})
			i++
			j++
		case t[i+1][j] >= t[i][j+1]:
			ops = append(ops, lineOp{'-', a[i]})
			i++
		default:
			ops = append(ops, lineOp{'+', b[j]})
			j++
		}
	}
	for ; i < n; i++ {
		ops = append(ops, lineOp{'-', a[i]})
	}
	for ; j < m; j++ {
		ops = append(ops, lineOp{'+', b[j]})
	}
	return ops
}
