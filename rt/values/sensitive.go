package values

// Sensitive wraps a value whose content must not be shown.
type Sensitive struct {
	value Value
}

func (*Sensitive) puppetValue() {}

// NewSensitive wraps v.
func NewSensitive(v Value) *Sensitive { return &Sensitive{value: v} }

// Unwrap returns the wrapped value.
func (s *Sensitive) Unwrap() Value { return s.value }

// sensitiveText is how Puppet prints a Sensitive (Sensitive#to_s).
const sensitiveText = "Sensitive [value redacted]"
