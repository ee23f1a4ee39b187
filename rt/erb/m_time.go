package erb

import (
	"strings"
	"time"

	"github.com/pp2go/pp2go/rt/values"
)

// Ruby's Time as module functions use it: Time.new / Time.now (the
// compiling machine's clock and zone, as Puppet's functions see them when
// the catalog compiles), Time.at, to_i, to_f, utc, localtime, year...,
// strftime and to_s.

var ClassTime = newClass("Time", ClassObject, ClassComparable)

// Date and DateTime (require 'date') are classes code tests values against
// (stdlib's toml_dumper: when Time, DateTime); no Puppet value is one.
var (
	ClassDate     = newClass("Date", ClassObject, ClassComparable)
	ClassDateTime = newClass("DateTime", ClassDate)
)

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassTime.Name, ClassTime)
		g.class(ClassDate.Name, ClassDate)
		g.class(ClassDateTime.Name, ClassDateTime)
	})
	plain([]plainMethod{
		{"now", (*R).Now},
		{"at", (*R).TimeAt},
		{"strftime", (*R).Strftime},
		{"utc", (*R).Utc},
		{"localtime", (*R).Localtime},
		{"year", (*R).Year},
		{"month", (*R).Month},
		{"day", (*R).Day},
		{"hour", (*R).Hour},
		{"sec", (*R).Sec},
	})
}

type rubyTime struct {
	t   time.Time
	utc bool
	loc *time.Location // the local zone (nil: the process's)
}

func (*rubyTime) rubyClass() *Class { return ClassTime }
func (x *rubyTime) rubyInspect() string {
	return x.rubyToS()
}
func (x *rubyTime) rubyToS() string {
	if x.utc {
		return x.t.UTC().Format("2006-01-02 15:04:05") + " UTC"
	}
	return x.zoned().Format("2006-01-02 15:04:05 -0700")
}
func (x *rubyTime) rubyEqual(o Value) bool {
	y, ok := o.(*rubyTime)
	return ok && x.t.Equal(y.t)
}
func (x *rubyTime) rubyCompare(o Value) (int, bool) {
	y, ok := o.(*rubyTime)
	if !ok {
		return 0, false
	}
	return x.t.Compare(y.t), true
}

func (x *rubyTime) zoned() time.Time {
	if x.utc {
		return x.t.UTC()
	}
	if x.loc != nil {
		return x.t.In(x.loc)
	}
	return x.t.Local()
}

// localZone is the zone Ruby's local times take: the one ENV['TZ'] names
// when the function set it (an unknown name is UTC, as the C library
// takes it), else the process's.
func (r *R) localZone() *time.Location {
	tz, set := r.envVars()["TZ"]
	if !set {
		return nil
	}
	if tz == nil || *tz == "" {
		if tz == nil {
			return nil
		}
		return time.UTC
	}
	name := strings.TrimPrefix(*tz, ":")
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Now is Time.now.
func (r *R) Now(recv Value, args ...Value) Value {
	classRecv("now", recv, ClassTime)
	arity(args, 0, 1)
	return &rubyTime{t: time.Now(), loc: r.localZone()}
}

// newTime is Time.new: now without arguments.
func newTime(args []Value) Value {
	if len(args) > 0 {
		raise(ClassNotImplementedError, "pp2go: Time.new with arguments is not supported")
	}
	return &rubyTime{t: time.Now()}
}

// TimeAt is Time.at(seconds).
func (r *R) TimeAt(recv Value, args ...Value) Value {
	classRecv("at", recv, ClassTime)
	arity(args, 1, 1)
	switch x := args[0].(type) {
	case int64:
		return &rubyTime{t: time.Unix(x, 0)}
	case float64:
		sec := int64(x)
		return &rubyTime{t: time.Unix(sec, int64((x-float64(sec))*1e9))}
	case *rubyTime:
		return &rubyTime{t: x.t, utc: x.utc}
	}
	typeError("can't convert %s into an exact number", classOf(args[0]).Name)
	return nil
}

func timeRecv(name string, recv Value) *rubyTime {
	x, ok := recv.(*rubyTime)
	if !ok {
		noMethod(name, recv)
	}
	return x
}

// Utc is Time#utc (it changes the receiver, as Ruby's does).
func (r *R) Utc(recv Value, args ...Value) Value {
	x := timeRecv("utc", recv)
	arity(args, 0, 0)
	x.utc = true
	return x
}

// Localtime is Time#localtime (in the machine's zone).
func (r *R) Localtime(recv Value, args ...Value) Value {
	x := timeRecv("localtime", recv)
	arity(args, 0, 1)
	if len(args) == 1 {
		raise(ClassNotImplementedError, "pp2go: Time#localtime with a zone offset is not supported")
	}
	x.utc = false
	x.loc = r.localZone()
	return x
}

func (r *R) timePart(name string, recv Value, args []Value, f func(time.Time) int) Value {
	x := timeRecv(name, recv)
	arity(args, 0, 0)
	return int64(f(x.zoned()))
}

// Year is Time#year.
func (r *R) Year(recv Value, args ...Value) Value {
	return r.timePart("year", recv, args, time.Time.Year)
}

// Month is Time#month.
func (r *R) Month(recv Value, args ...Value) Value {
	return r.timePart("month", recv, args, func(t time.Time) int { return int(t.Month()) })
}

// Day is Time#day.
func (r *R) Day(recv Value, args ...Value) Value {
	return r.timePart("day", recv, args, time.Time.Day)
}

// Hour is Time#hour.
func (r *R) Hour(recv Value, args ...Value) Value {
	return r.timePart("hour", recv, args, time.Time.Hour)
}

// Sec is Time#sec.
func (r *R) Sec(recv Value, args ...Value) Value {
	return r.timePart("sec", recv, args, time.Time.Second)
}

// Strftime is Time#strftime(format) (values.RubyStrftime): a UTC time's
// zone is UTC, a local time's its zone's abbreviation.
func (r *R) Strftime(recv Value, args ...Value) Value {
	x := timeRecv("strftime", recv)
	arity(args, 1, 1)
	t := x.zoned()
	zone := "UTC"
	if !x.utc {
		zone = t.Format("MST")
	}
	out, err := values.RubyStrftime(strArg(args[0]), t, zone)
	if err != nil {
		argError("%s", err.Error())
	}
	return S(out)
}

// timeLayouts are the texts Time.parse reads here: the dates OpenSSL
// prints (openssl x509 -dates) and ISO 8601's. Ruby's heuristics read
// many more; pp2go refuses those rather than guess.
var timeLayouts = []string{
	"Jan _2 15:04:05 2006 MST",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 MST",
	"2006-01-02T15:04:05Z07:00",
}

// timeParse is Time.parse(text): the instant, as a local time.
func (r *R) timeParse(args []Value) Value {
	if len(args) > 1 {
		raise(ClassNotImplementedError, "pp2go: Time.parse with a reference time")
	}
	s := strings.TrimSpace(pathArg(args[0]))
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if strings.HasSuffix(layout, "MST") && !strings.HasSuffix(s, "GMT") && !strings.HasSuffix(s, "UTC") {
				// Go takes an unknown abbreviation as UTC; Ruby does not
				continue
			}
			return &rubyTime{t: t, loc: r.localZone()}
		}
	}
	raise(ClassNotImplementedError, "pp2go: Time.parse of %s (pp2go reads OpenSSL's and ISO 8601's dates)", Inspect(args[0]))
	return nil
}
