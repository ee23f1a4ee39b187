package values

import "strings"

// inTypeMap reports whether the lower-cased name is one of the type names
// Puppet's type parser knows without a loader (TypeParser.type_map): a
// switch, where a map would be built at every process's start (issue 14).
func inTypeMap(name string) bool {
	switch name {
	case "integer", "float", "numeric", "init", "iterable", "iterator", "string", "binary",
		"sensitive", "enum", "boolean", "pattern", "regexp", "array", "hash", "class", "resource", "collection", "scalar", "scalardata",
		"catalogentry", "undef", "notundef", "default", "any", "variant", "optional", "runtime", "type", "tuple", "struct", "object",
		"typealias", "typereference", "typeset", "callable", "semver", "semverrange", "timestamp", "timespan", "uri":
		return true
	}
	return false
}

// TypeMapOnly reports whether every type name of a type's text is one the
// type parser finds in its own map; any other name (an alias such as
// Stdlib::Compat::Bool, or Data) is looked up with the parser's loader.
func TypeMapOnly(text string) bool {
	for i := 0; i < len(text); {
		ch := text[i]
		switch {
		case ch == '\'' || ch == '"':
			j := i + 1
			for j < len(text) && text[j] != ch {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case ch == '/':
			j := i + 1
			for j < len(text) && text[j] != '/' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case ch >= 'A' && ch <= 'Z':
			j := i
			for j < len(text) && (isWordByte(text[j]) || text[j] == ':') {
				j++
			}
			if !inTypeMap(strings.ToLower(text[i:j])) {
				return false
			}
			i = j
		case isWordByte(ch):
			for i < len(text) && isWordByte(text[i]) {
				i++
			}
		default:
			i++
		}
	}
	return true
}
