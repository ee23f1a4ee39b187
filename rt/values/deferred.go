package values

// Deferred is a call of a function postponed to the agent. Puppet models it
// as an Object type named Deferred with attributes name and arguments.
type Deferred struct {
	Name      string
	Arguments *Array // nil when no arguments were given
}

func (*Deferred) puppetValue() {}

// ObjectValue is an instance of an Object type (e.g. Error) that has no
// dedicated Go type: its type and its attribute values in declaration order.
type ObjectValue struct {
	Type  *ObjectType
	Attrs *Hash
}

func (*ObjectValue) puppetValue() {}
