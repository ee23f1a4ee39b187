package rubyfn

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// constructFiles are function files using Ruby's control constructs:
// procs and lambdas as values, catch/throw, break out of a block, return
// and next from inside begin/rescue, for loops, a multiple assignment's
// value and constants the file assigns. Each must translate, and the Go of
// all of them must build and vet.
var constructFiles = map[string]string{
	"procs.rb": `Puppet::Functions.create_function(:procs) do
  def procs(h)
    merge = proc do |a, b|
      a.merge(b) { |_k, x, y| x.is_a?(Hash) && y.is_a?(Hash) ? merge.call(x, y) : y }
    end
    check = ->(n) do
      return 0 if n.nil?
      raise ArgumentError, 'big' if n > 10
      n
    end
    twice = lambda { |x| x * 2 }
    [merge.call(h, h), check.call(1), twice[2], Proc.new { |x| x }.call(3)]
  end
end
`,
	"jumps.rb": `module Puppet::Parser::Functions
  newfunction(:jumps, :type => :rvalue) do |args|
    v = args[0].reduce(args[1]) do |s, k|
      break unless s.is_a?(Hash)
      begin
        k = Integer(k)
      rescue ArgumentError
        break 'bad'
      end
      s[k]
    end
    w = catch(:undefined_variable) do
      lookupvar('x')
    end
    t = catch { |tag| throw tag, 1 }
    begin
      n = Integer(args[2])
    rescue ArgumentError
      return false
    ensure
      v = v
    end
    [v, w, t, n]
  end
end
`,
	"loops.rb": `module Puppet::Parser::Functions
  newfunction(:loops, :type => :rvalue) do |args|
    defined?(TABLE) or TABLE = ['a', 'b']
    out = ''
    for i in 0..args[0]
      next if i == 1
      break if i > 5
      return TABLE if i == 4
      begin
        out += i.to_s
        next if i == 2
      rescue StandardError
        break
      end
      last = i
    end
    [1, 2].each { |x| a, b = x, out }
    [out, last, i, (c, d = 1, 2)]
  end
end
`,
}

func TestConstructsTranslate(t *testing.T) {
	funs := map[string]*Function{}
	for name, src := range constructFiles {
		fun, err := Translate("/m/lib/puppet/functions/"+name, []byte(src))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(fun.Methods.Untranslated) > 0 {
			t.Errorf("%s: untranslated methods: %v", name, fun.Methods.Untranslated)
		}
		funs[name] = fun
	}
	buildsAndVets(t, funs)
}

// buildsAndVets emits the translated function files, each in a Go file of
// one package, and requires that go vet (which builds it) passes.
func buildsAndVets(t *testing.T, funs map[string]*Function) {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil || testing.Short() {
		t.Skip("builds Go (-short, or no go command)")
	}
	if len(funs) == 0 {
		return
	}
	pkgDir, err := os.MkdirTemp("testdata", "constructs-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(pkgDir)
	for name, fun := range funs {
		f := jen.NewFile("translated")
		fun.Emit(f, "rbfn"+strings.TrimSuffix(name, ".rb"), "m")
		if err := f.Save(filepath.Join(pkgDir, strings.TrimSuffix(name, ".rb")+".go")); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(gobin, "vet", "./"+filepath.ToSlash(pkgDir)).CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}

// Ruby that depends on the machine Puppet runs on says what Puppet does
// there: Puppet.features.augeas? is true where the references compile
// (augeas_core on the module path, ruby-augeas installed), and the code
// behind it needs libaugeas.
func TestUntranslatedFeature(t *testing.T) {
	src := `Puppet::Functions.create_function(:aug) do
  def aug(s)
    raise Puppet::ParseError, 'no augeas' unless Puppet.features.augeas?
    s
  end
end
`
	// the statement that needs it fails the calls that reach it
	fun, err := Translate("/m/lib/puppet/functions/aug.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if u := fun.Methods.Untranslated; len(u) != 1 || !strings.Contains(u[0].Error(), "unsupported Ruby: Puppet.features.augeas? (true where Puppet 7.23 and 8.10 compile") {
		t.Errorf("got %v", u)
	}
}

// A statement that does not translate fails only the calls that reach
// it (stdlib 4.x's defined_with_params asked a Puppet::Resource for its
// resource_type, which pp2go lacked, in the branch of a reference that
// is no String): here instance_eval, which pp2go does not translate.
func TestUntranslatedStatement(t *testing.T) {
	src := `Puppet::Parser::Functions.newfunction(:dwp, :type => :rvalue) do |vals|
  reference = vals[0]
  if reference.is_a?(String)
    type = reference.upcase
  else
    type = reference.instance_eval { @type }
  end
  type
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/dwp.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if u := fun.Methods.Untranslated; len(u) != 1 || !strings.Contains(u[0].Error(), "line: 6") || !strings.Contains(u[0].Error(), "instance_eval") {
		t.Errorf("got %v", u)
	}
}

// A statement that stops inside a block (stdlib 4.5.0's uriescape calls
// an undefined unsafe in the block of its Array branch) leaves the
// translation in the method's scope: the locals assigned before it and
// after it are declared, and the Go builds.
func TestUntranslatedStatementInBlock(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:uriesc, :type => :rvalue) do |arguments|
    value = arguments[0]
    if value.is_a?(Array)
      result = value.collect { |i| i.is_a?(String) ? i.instance_eval { @x } : i }
    else
      result = value.upcase
    end
    return result
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/uriesc.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if u := fun.Methods.Untranslated; len(u) != 1 || !strings.Contains(u[0].Error(), "line: 5") {
		t.Errorf("got %v", u)
	}
	buildsAndVets(t, map[string]*Function{"uriesc.rb": fun})
}

// A method's last statement, whose value is the method's, fails only the
// calls that reach what does not translate in it (a branch of an if, a
// block's last statement); one that is the method's only statement fails
// the method.
func TestUntranslatedTail(t *testing.T) {
	src := `Puppet::Functions.create_function(:'m::reflect') do
  def reflect(x)
    if x > 5
      x * 2
    else
      [x].map { |y| y.instance_eval { @z } }
    end
  end

  def only(x)
    x.instance_eval { @z }
  end
end
`
	fun, err := Translate("/m/lib/puppet/functions/m/reflect.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	u := fun.Methods.Untranslated
	if len(u) != 2 || !strings.Contains(u[0].Error(), "line: 6") || !strings.Contains(u[1].Error(), "line: 11") {
		t.Fatalf("got %v", u)
	}
	if got := fun.Methods.Names; !slices.Equal(got, []string{"reflect", "only"}) {
		t.Errorf("methods %v", got)
	}
	// reflect translates (its Def has an arity), only does not (a Def of
	// any arity that raises)
	go_ := render(t, fun, "rbfnreflect")
	if strings.Count(go_, "Arity:") != 1 || len(regexp.MustCompile(`Max:\s+-1,`).FindAllString(go_, -1)) != 1 {
		t.Errorf("want one translated method, one untranslated, got\n%s", go_)
	}
	buildsAndVets(t, map[string]*Function{"reflect.rb": fun})
}

// A name that neither the function's file nor its self has is Ruby's
// NameError (bare) or NoMethodError (a call) when it runs, not a
// construct pp2go lacks; one self has (Kernel's, Puppet's) is.
func TestUndefinedNameInFunction(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:undef3, :type => :rvalue) do |args|
    case args[0]
    when 1 then undefined_thing
    when 2 then undefined_call(args[0], 3)
    else args[0]
    end
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/undef3.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if u := fun.Methods.Untranslated; len(u) != 0 {
		t.Errorf("untranslated %v", u)
	}
	go_ := render(t, fun, "rbfnundef3")
	for _, want := range []string{`r.UndefinedInFunction(3, "undef3", "undefined_thing", true)`, `r.UndefinedInFunction(3, "undef3", "undefined_call", false,`} {
		if !strings.Contains(go_, want) {
			t.Errorf("no %s in\n%s", want, go_)
		}
	}
	buildsAndVets(t, map[string]*Function{"undef3.rb": fun})
}

// render is the Go of a translated function file, emitted as name.
func render(t *testing.T, fun *Function, name string) string {
	t.Helper()
	var b strings.Builder
	f := jen.NewFile("translated")
	fun.Emit(f, name, "m")
	if err := f.Render(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
