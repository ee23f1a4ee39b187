package validate

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/pn"
	"github.com/pp2go/pp2go/internal/rubystr"
)

// idem reports whether evaluating e can have no effect (Checker4_0#idem).
func idem(e ast.Expr) bool {
	switch x := e.(type) {
	case nil, *ast.Nop:
		return true
	case *ast.MatchExpression, *ast.RelationshipExpression, *ast.AssignmentExpression,
		*ast.RenderExpression, *ast.RenderStringExpression, *ast.ApplyExpression:
		return false
	case *ast.LiteralString, *ast.LiteralInteger, *ast.LiteralFloat, *ast.LiteralBoolean,
		*ast.LiteralUndef, *ast.LiteralDefault, *ast.LiteralRegularExpression, *ast.QualifiedName,
		*ast.QualifiedReference, *ast.ReservedWord, *ast.LiteralList, *ast.LiteralHash,
		*ast.AccessExpression, *ast.ArithmeticExpression, *ast.ComparisonExpression,
		*ast.InExpression, *ast.AndExpression, *ast.OrExpression, *ast.NamedAccessExpression,
		*ast.NotExpression, *ast.UnaryMinusExpression, *ast.UnfoldExpression,
		*ast.VariableExpression, *ast.TextExpression, *ast.ConcatenatedString,
		*ast.HeredocExpression, *ast.SelectorExpression:
		return true
	case *ast.ParenthesizedExpression:
		return idem(x.Expr)
	case *ast.BlockExpression:
		for _, s := range x.Statements {
			if !idem(s) {
				return false
			}
		}
		return true
	case *ast.IfExpression:
		return idem(x.Test) && idem(x.Then) && idem(x.Else)
	case *ast.UnlessExpression:
		return idem(x.Test) && idem(x.Then) && idem(x.Else)
	case *ast.CaseExpression:
		if !idem(x.Test) {
			return false
		}
		for _, o := range x.Options {
			if !idem(o) {
				return false
			}
		}
		return true
	case *ast.CaseOption:
		for _, v := range x.Values {
			if !idem(v) {
				return false
			}
		}
		return idem(x.Then)
	}
	return false
}

// ---- labels (Puppet's ModelLabelProvider) ----

func label(n any) string {
	switch x := n.(type) {
	case nil:
		return "Undef Value"
	case *ast.LiteralInteger:
		return "Literal Integer"
	case *ast.LiteralFloat:
		return "Literal Float"
	case *ast.ArithmeticExpression:
		return "'" + x.Op + "' expression"
	case *ast.AccessExpression:
		return "'[]' expression"
	case *ast.MatchExpression:
		return "'" + x.Op + "' expression"
	case *ast.CollectExpression:
		return label(x.Query)
	case *ast.EppExpression:
		return "Epp Template"
	case *ast.ExportedQuery:
		return "Exported Query"
	case *ast.VirtualQuery:
		return "Virtual Query"
	case *ast.ComparisonExpression:
		return "'" + x.Op + "' expression"
	case *ast.AndExpression:
		return "'and' expression"
	case *ast.OrExpression:
		return "'or' expression"
	case *ast.InExpression:
		return "'in' expression"
	case *ast.AssignmentExpression:
		return "'" + x.Op + "' expression"
	case *ast.AttributeOperation:
		return "'" + x.Op + "' expression"
	case *ast.LiteralList:
		return "Array Expression"
	case *ast.LiteralHash:
		return "Hash Expression"
	case *ast.KeyedEntry:
		return "Hash Entry"
	case *ast.LiteralBoolean:
		return "Boolean"
	case *ast.RenderStringExpression:
		return "Epp Text"
	case *ast.LiteralString:
		return "String"
	case *ast.LambdaExpression:
		return "Lambda"
	case *ast.LiteralDefault:
		return "'default' expression"
	case *ast.LiteralUndef:
		return "'undef' expression"
	case *ast.LiteralRegularExpression:
		return "Regular Expression"
	case *ast.Nop:
		return "Nop Expression"
	case *ast.NamedAccessExpression:
		return "'.' expression"
	case *ast.NotExpression:
		return "'not' expression"
	case *ast.VariableExpression:
		return "Variable"
	case *ast.TextExpression:
		return "Expression in Interpolated String"
	case *ast.UnaryMinusExpression:
		return "Unary Minus"
	case *ast.UnfoldExpression:
		return "Unfold"
	case *ast.BlockExpression:
		return "Block Expression"
	case *ast.ApplyBlockExpression:
		return "Apply Block Expression"
	case *ast.ConcatenatedString:
		return "Double Quoted String"
	case *ast.HeredocExpression:
		return "'@(" + x.Syntax + ")' expression"
	case *ast.HostClassDefinition:
		return "Host Class Definition"
	case *ast.FunctionDefinition:
		return "Function Definition"
	case *ast.PlanDefinition:
		return "Plan Definition"
	case *ast.NodeDefinition:
		return "Node Definition"
	case *ast.ResourceTypeDefinition:
		return "'define' expression"
	case *ast.ResourceOverrideExpression:
		return "Resource Override"
	case *ast.Parameter:
		return "Parameter Definition"
	case *ast.ParenthesizedExpression:
		return "Parenthesized Expression"
	case *ast.IfExpression:
		return "'if' statement"
	case *ast.UnlessExpression:
		return "'unless' Statement"
	case *ast.CallNamedFunctionExpression:
		return "Function Call"
	case *ast.CallMethodExpression:
		return "Method call"
	case *ast.ApplyExpression:
		return "'apply' expression"
	case *ast.CaseExpression:
		return "'case' statement"
	case *ast.CaseOption:
		return "Case Option"
	case *ast.RenderExpression:
		return "Epp Interpolated Expression"
	case *ast.RelationshipExpression:
		return "'" + x.Op + "' expression"
	case *ast.ResourceBody:
		return "Resource Instance Definition"
	case *ast.ResourceDefaultsExpression:
		return "Resource Defaults Expression"
	case *ast.ResourceExpression:
		return "Resource Statement"
	case *ast.SelectorExpression:
		return "Selector Expression"
	case *ast.SelectorEntry:
		return "Selector Option"
	case *ast.QualifiedName:
		return "Name"
	case *ast.QualifiedReference:
		return "Type-Name"
	case *ast.ReservedWord:
		return "Reserved Word '" + x.Word + "'"
	case *ast.TypeAlias:
		return "Type Alias"
	case *ast.TypeMapping:
		return "Type Mapping"
	case *ast.TypeDefinition:
		return "Type Definition"
	}
	return "Object"
}

// article is "a" or "an" as Puppet chooses it (y counts as a vowel).
func article(s string) string {
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		s = s[1:]
	}
	if s != "" && strings.ContainsRune("aeiouyAEIOUY", rune(s[0])) {
		return "an"
	}
	return "a"
}

func aAn(n any) string {
	l := label(n)
	return article(l) + " " + l
}

func aAnUC(n any) string {
	l := label(n)
	a := article(l)
	return strings.ToUpper(a[:1]) + a[1:] + " " + l
}

// ---- literal values of hash keys (Puppet's LiteralEvaluator) ----

// keyValue is a literal key: id identifies it as Ruby's Hash would (eql?),
// text is how Puppet's message prints it.
type keyValue struct {
	id, text string
}

// literalKey is the value of a hash key as Puppet's LiteralEvaluator
// makes it, false when the key is not literal. Puppet 8's also takes a
// type reference (its lower-case name), an access expression (the list of
// its keys' values: Optional['a'] is ["a"]) and a unary minus; Puppet
// 7.23's does not (p8 picks the version).
func literalKey(e ast.Expr, p8 bool) (keyValue, bool) {
	switch x := e.(type) {
	case *ast.LiteralString:
		return strKey(x.Value), true
	case *ast.QualifiedName:
		return strKey(x.Value), true
	case *ast.ConcatenatedString:
		if len(x.Segments) == 1 {
			if s, ok := x.Segments[0].(*ast.LiteralString); ok {
				return strKey(s.Value), true
			}
		}
	case *ast.LiteralInteger:
		v := strconv.FormatInt(x.Value, 10)
		if x.Big != nil {
			v = x.Big.String()
		}
		return keyValue{"i" + v, v}, true
	case *ast.LiteralFloat:
		v := pn.RubyFloat(x.Value)
		return keyValue{"f" + v, v}, true
	case *ast.LiteralBoolean:
		v := strconv.FormatBool(x.Value)
		return keyValue{"b" + v, v}, true
	case *ast.LiteralUndef:
		return keyValue{"nil", ""}, true
	case *ast.LiteralDefault:
		return keyValue{"default", "default"}, true
	case *ast.LiteralRegularExpression:
		t := rubyRegexpToS(x.Pattern)
		return keyValue{"r" + strconv.Quote(x.Pattern), t}, true
	case *ast.QualifiedReference:
		if p8 {
			return strKey(x.Value()), true
		}
	case *ast.AccessExpression:
		// not Optional[[String]], a single list (literal_AccessExpression)
		if _, list := singleList(x.Keys); p8 && !list {
			return listKey(x.Keys, p8)
		}
	case *ast.UnaryMinusExpression:
		if p8 {
			if k, ok := literalKey(x.Expr, p8); ok {
				n, receiver := negate(k)
				if receiver != "" {
					panic(rubyRaise{x, "undefined method `-@' for " + receiver})
				}
				return n, true
			}
		}
	case *ast.LiteralList:
		return listKey(x.Values, p8)
	case *ast.LiteralHash:
		type kv struct{ id, text string }
		var entries []kv
		seen := map[string]int{}
		for _, en := range x.Entries {
			k, ok1 := literalKey(en.Key, p8)
			v, ok2 := literalKey(en.Value, p8)
			if !ok1 || !ok2 {
				return keyValue{}, false
			}
			item := kv{k.id + "=>" + v.id, inspect(k) + "=>" + inspect(v)}
			if i, dup := seen[k.id]; dup {
				entries[i] = item // a later key replaces an earlier one in place
				continue
			}
			seen[k.id] = len(entries)
			entries = append(entries, item)
		}
		ids := make([]string, len(entries))
		texts := make([]string, len(entries))
		for i, e := range entries {
			ids[i], texts[i] = e.id, e.text
		}
		sort.Strings(ids) // Ruby compares hashes regardless of order
		return keyValue{"{" + strings.Join(ids, ",") + "}", "{" + strings.Join(texts, ", ") + "}"}, true
	}
	return keyValue{}, false
}

func strKey(s string) keyValue { return keyValue{"s" + strconv.Quote(s), s} }

func singleList(keys []ast.Expr) (*ast.LiteralList, bool) {
	if len(keys) != 1 {
		return nil, false
	}
	l, ok := keys[0].(*ast.LiteralList)
	return l, ok
}

// listKey is the array of the values of es, as Ruby prints it.
func listKey(es []ast.Expr, p8 bool) (keyValue, bool) {
	ids, texts := make([]string, len(es)), make([]string, len(es))
	for i, v := range es {
		k, ok := literalKey(v, p8)
		if !ok {
			return keyValue{}, false
		}
		ids[i], texts[i] = k.id, inspect(k)
	}
	return keyValue{"[" + strings.Join(ids, ",") + "]", "[" + strings.Join(texts, ", ") + "]"}, true
}

// negate is Ruby's unary minus of a literal: numbers negate, a string is
// itself (String#-@ dedups it). Any other value has no -@: negate returns
// the receiver as Ruby 3.3's NoMethodError names it ("nil", "an instance
// of Array").
func negate(k keyValue) (keyValue, string) {
	switch {
	case strings.HasPrefix(k.id, "s"):
		return k, ""
	case strings.HasPrefix(k.id, "i"):
		v := k.text
		if s, ok := strings.CutPrefix(v, "-"); ok {
			v = s
		} else if v != "0" {
			v = "-" + v
		}
		return keyValue{"i" + v, v}, ""
	case strings.HasPrefix(k.id, "f"):
		f, _ := strconv.ParseFloat(k.text, 64)
		v := pn.RubyFloat(-f)
		return keyValue{"f" + v, v}, ""
	case k.id == "nil":
		return keyValue{}, "nil"
	case k.id == "btrue", k.id == "bfalse":
		return keyValue{}, k.text
	}
	class := map[byte]string{'[': "Array", '{': "Hash", 'd': "Symbol", 'r': "Regexp"}[k.id[0]]
	return keyValue{}, "an instance of " + class
}

// rubyRaise is the Ruby error Puppet 8's literal evaluator raises at a
// unary minus of a literal that is not a number or a string.
type rubyRaise struct {
	at  ast.Expr
	msg string
}

// inspect prints a literal as Ruby's #inspect does inside an array or hash.
func inspect(k keyValue) string {
	switch {
	case strings.HasPrefix(k.id, "s"):
		return rubystr.Inspect(k.text)
	case k.id == "nil":
		return "nil"
	case k.id == "default":
		return ":default"
	case strings.HasPrefix(k.id, "r"):
		p, _ := strconv.Unquote(k.id[1:])
		return "/" + escapeSlashes(p) + "/"
	}
	return k.text
}

// rubyRegexpToS is Ruby's Regexp#to_s for a pattern without options.
func rubyRegexpToS(src string) string {
	return "(?-mix:" + escapeSlashes(src) + ")"
}

// escapeSlashes escapes the slashes of a pattern as Regexp#to_s and
// #inspect print them.
func escapeSlashes(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\\' && i+1 < len(src) {
			b.WriteByte(c)
			b.WriteByte(src[i+1])
			i++
			continue
		}
		if c == '/' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// TypeRaise is the Ruby error Puppet's type parser raises evaluating the
// type expression e as release puppet (its major version), "" when it
// raises none that pp2go knows of: a unary minus of a literal that has
// no -@ (TypeParser#interpret_UnaryMinusExpression: `-default`, `-undef`,
// `-[1]`). The parser evaluates an access's keys first to last, depth
// first. Ruby 3.1's NoMethodError (Puppet 7.23) names the receiver by
// its inspect and class and adds error_highlight's snippet (and
// did_you_mean's `-` for an array); Ruby 3.3's (Puppet 8.10) by its class.
func TypeRaise(e ast.Expr, puppet int) string {
	var found string
	walk := func(es ...ast.Expr) string {
		for _, x := range es {
			if found = TypeRaise(x, puppet); found != "" {
				return found
			}
		}
		return ""
	}
	switch x := e.(type) {
	case *ast.AccessExpression:
		return walk(x.Keys...)
	case *ast.LiteralList:
		return walk(x.Values...)
	case *ast.LiteralHash:
		for _, en := range x.Entries {
			if walk(en.Key, en.Value) != "" {
				return found
			}
		}
	case *ast.ParenthesizedExpression:
		return walk(x.Expr)
	case *ast.UnaryMinusExpression:
		k, ok := literalKey(x.Expr, false)
		if !ok {
			return walk(x.Expr)
		}
		_, receiver := negate(k)
		switch {
		case receiver == "":
			return ""
		case puppet >= 8:
			return "undefined method `-@' for " + receiver
		}
		class := map[string]string{"nil": "NilClass", "true": "TrueClass", "false": "FalseClass"}[receiver]
		if class == "" {
			class = strings.TrimPrefix(receiver, "an instance of ")
		}
		msg := "undefined method `-@' for " + inspect(k) + ":" + class +
			"\n\n    -@type_transformer.visit_this_1(self, o.expr, context)\n    ^"
		if class == "Array" {
			msg += "\nDid you mean?  -"
		}
		return msg
	}
	return ""
}
