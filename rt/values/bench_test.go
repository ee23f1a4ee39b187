package values

import (
	"fmt"
	"testing"
)

// Benchmarks for the operations generated code runs on every resource and
// parameter: run with `go test -bench . -benchmem ./rt/values/`.

var sinkBool bool
var sinkValue Value
var sinkString string

func BenchmarkEqualsString(b *testing.B) {
	x, y := Value(String("present")), Value(String("PRESENT"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equals(x, y)
	}
}

func BenchmarkEqualsIntFloat(b *testing.B) {
	x, y := Value(Int(42)), Value(Float(42))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equals(x, y)
	}
}

func BenchmarkEqualsArray(b *testing.B) {
	x := NewArray(String("a"), Int(1), String("b"), True)
	y := NewArray(String("A"), Float(1), String("b"), True)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equals(x, y)
	}
}

func smallHash() *Hash {
	return NewHashFromPairs(String("ensure"), String("present"), String("owner"), String("root"),
		String("group"), String("root"), String("mode"), String("0644"))
}

func largeHash(n int) *Hash {
	b := NewHashBuilder(n)
	for i := 0; i < n; i++ {
		b.Put(String(fmt.Sprintf("key%d", i)), Int(i))
	}
	return b.Build()
}

func BenchmarkHashGetSmall(b *testing.B) {
	h := smallHash()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkValue, sinkBool = h.GetString("mode")
	}
}

func BenchmarkHashGetLarge(b *testing.B) {
	h := largeHash(1000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkValue, sinkBool = h.GetString("key777")
	}
}

func BenchmarkHashGetValueKey(b *testing.B) {
	h := largeHash(1000)
	k := Value(String("key777"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkValue, sinkBool = h.Get(k)
	}
}

func BenchmarkHashAccessOperator(b *testing.B) {
	h := smallHash()
	keys := []Value{String("owner")}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkValue, _ = Access(h, keys)
	}
}

func benchInstance(b *testing.B, typ string, v Value) {
	t := MustParseType(typ)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sinkBool = IsInstance(t, v)
	}
}

func BenchmarkInstanceString(b *testing.B) { benchInstance(b, "String", String("/etc/motd")) }
func BenchmarkInstanceOptionalString(b *testing.B) {
	benchInstance(b, "Optional[String]", String("/etc/motd"))
}
func BenchmarkInstanceOptionalStringUndef(b *testing.B) {
	benchInstance(b, "Optional[String]", Undef)
}
func BenchmarkInstanceInteger0(b *testing.B) { benchInstance(b, "Integer[0]", Int(8080)) }
func BenchmarkInstanceEnum(b *testing.B) {
	benchInstance(b, "Enum['present', 'absent', 'file', 'directory', 'link']", String("directory"))
}
func BenchmarkInstanceVariant(b *testing.B) {
	benchInstance(b, "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]", String("no"))
}
func BenchmarkInstanceHashStringData(b *testing.B) {
	v := NewHashFromPairs(String("a"), Int(1), String("b"), NewArray(String("x"), Undef),
		String("c"), NewHashFromPairs(String("d"), True))
	benchInstance(b, "Hash[String, Data]", v)
}
func BenchmarkInstanceAbsolutepath(b *testing.B) {
	benchInstance(b, `Variant[Pattern[/\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+)).*\z/], Pattern[/\A\/([^\n\/\0]+\/*)*\z/]]`,
		String("/etc/ssh/sshd_config"))
}
func BenchmarkInstanceStruct(b *testing.B) {
	v := NewHashFromPairs(String("name"), String("x"), String("port"), Int(80))
	benchInstance(b, "Struct[{name => String, Optional[port] => Integer[0, 65535]}]", v)
}

func BenchmarkAssignableVariant(b *testing.B) {
	t := MustParseType("Variant[String, Integer, Array[String]]")
	o := MustParseType("Array[String[1]]")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = IsAssignable(t, o)
	}
}

func BenchmarkToStringInt(b *testing.B) {
	v := Value(Int(8080))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkString = ToString(v)
	}
}

func BenchmarkToStringString(b *testing.B) {
	v := Value(String("/etc/motd"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkString = ToString(v)
	}
}

func BenchmarkToStringArray(b *testing.B) {
	v := NewArray(String("a"), Int(1), Float(2.5), True, Undef)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkString = ToString(v)
	}
}

func BenchmarkToStringHash(b *testing.B) {
	v := smallHash()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkString = ToString(v)
	}
}

func BenchmarkFormatValueDefault(b *testing.B) {
	v := NewArray(String("a"), Int(1), smallHash())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkString, _ = FormatValue(v, nil)
	}
}

func BenchmarkArithmeticInt(b *testing.B) {
	x, y := Value(Int(40)), Value(Int(2))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkValue, _ = Arithmetic("+", x, y)
	}
}

func BenchmarkMatchRegexp(b *testing.B) {
	re := RegexpOf(`^(\w+)\.example\.com$`)
	v := Value(String("web1.example.com"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, _ := MatchOp(v, re)
		sinkBool = r.Matched
	}
}
