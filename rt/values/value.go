package values

// Value is any Puppet value. Types are values too (see Type).
type Value interface {
	// puppetValue marks the implementations; everything else is done with
	// type switches, which keeps values small and dispatch cheap.
	puppetValue()
}

// UndefValue is the type of Undef, Puppet's undef.
type UndefValue struct{}

// DefaultValue is the type of Default, Puppet's default literal.
type DefaultValue struct{}

// Bool is a Puppet Boolean.
type Bool bool

// Int is a Puppet Integer (64-bit signed, as in Puppet).
type Int int64

// Float is a Puppet Float.
type Float float64

// String is a Puppet String.
type String string

var (
	// Undef is Puppet's undef.
	Undef Value = UndefValue{}
	// Default is Puppet's default.
	Default Value = DefaultValue{}
	// True and False are the two Booleans, preboxed so that no allocation
	// happens when they are stored in a Value.
	True  Value = Bool(true)
	False Value = Bool(false)
)

func (UndefValue) puppetValue()   {}
func (DefaultValue) puppetValue() {}
func (Bool) puppetValue()         {}
func (Int) puppetValue()          {}
func (Float) puppetValue()        {}
func (String) puppetValue()       {}

// BoolOf returns the preboxed Boolean for b.
func BoolOf(b bool) Value {
	if b {
		return True
	}
	return False
}

// IsUndef reports whether v is undef (a nil Value counts as undef).
func IsUndef(v Value) bool {
	if v == nil {
		return true
	}
	_, ok := v.(UndefValue)
	return ok
}

// IsDefault reports whether v is the default literal.
func IsDefault(v Value) bool {
	_, ok := v.(DefaultValue)
	return ok
}

// Truthy reports whether v is true in a Puppet condition: undef and false are
// false, everything else (including "" and 0) is true.
func Truthy(v Value) bool {
	switch x := v.(type) {
	case nil, UndefValue:
		return false
	case Bool:
		return bool(x)
	}
	return true
}

// External is embedded by values defined outside this package (the
// runtime's lambdas, collectors and iterators) to make them Values. Such a
// value infers as Runtime[ruby] unless it is a CallableValue or an
// IteratorValue.
type External struct{}

func (External) puppetValue() {}
