// Package source holds Puppet source files and turns byte offsets into the
// positions (line, column) that Puppet reports.
package source

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// File is one source text with its name and, once a position is asked for,
// an index of its line starts.
type File struct {
	Name string // path as given; "" when the text has no file
	Text string

	index      sync.Once
	lineStarts []int
}

// NewFile makes a file of text.
func NewFile(name, text string) *File {
	return &File{Name: name, Text: text}
}

// lines returns the line starts: the offsets after each '\n', as Puppet's
// Locator computes them. Most files are parsed without a position ever being
// resolved, so the index is built on first use.
func (f *File) lines() []int {
	f.index.Do(func() {
		text := f.Text
		starts := make([]int, 1, strings.Count(text, "\n")+1)
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				starts = append(starts, i+1)
			}
		}
		f.lineStarts = starts
	})
	return f.lineStarts
}

// Line returns the 1-based line of a byte offset.
func (f *File) Line(offset int) int {
	return sort.SearchInts(f.lines(), offset+1)
}

// Column returns the 1-based column of a byte offset, counted in characters
// as Puppet counts them.
func (f *File) Column(offset int) int {
	line := f.Line(offset)
	start := f.lines()[line-1]
	if offset > len(f.Text) {
		offset = len(f.Text)
	}
	return utf8.RuneCountInString(f.Text[start:offset]) + 1
}

// Position resolves a span of the file.
func (f *File) Position(offset, length int) Position {
	return Position{File: f.Name, Line: f.Line(offset), Column: f.Column(offset), Offset: offset, Length: length}
}

// Position is a resolved location in a file.
type Position struct {
	File   string
	Line   int // 1-based
	Column int // 1-based, in characters
	Offset int // 0-based byte offset
	Length int // in bytes
}

// String formats the position as "file:line:col".
func (p Position) String() string {
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// PuppetLocation formats a location the way Puppet appends it to messages:
// "(file: f, line: l, column: c)", leaving out what is unknown (zero).
func PuppetLocation(file string, line, column int) string {
	switch {
	case file != "" && line > 0 && column > 0:
		return fmt.Sprintf("(file: %s, line: %d, column: %d)", file, line, column)
	case file != "" && line > 0:
		return fmt.Sprintf("(file: %s, line: %d)", file, line)
	case line > 0 && column > 0:
		return fmt.Sprintf("(line: %d, column: %d)", line, column)
	case line > 0:
		return fmt.Sprintf("(line: %d)", line)
	case file != "":
		return fmt.Sprintf("(file: %s)", file)
	}
	return ""
}
