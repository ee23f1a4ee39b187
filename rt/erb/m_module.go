package erb

// Module#const_defined? and Kernel.sprintf / Kernel.format.
//
// File tests and reads (File.exist?, file?, read) stay untranslated: a
// catalog binary compiles without the environment's directory (module
// files are embedded in it), so the compiling machine's disk would not
// give what Puppet, which reads the environment on disk, sees.

func init() {
	plain([]plainMethod{
		{"const_defined?", (*R).ConstDefinedQ},
		{"sprintf", (*R).KernelSprintf},
		{"format", (*R).KernelFormat},
	})
}

// ConstDefinedQ is Module#const_defined?(name): whether pp2go knows the
// constant under the module.
func (r *R) ConstDefinedQ(recv Value, args ...Value) Value {
	c, ok := recv.(*Class)
	if !ok {
		noMethod("const_defined?", recv)
	}
	arity(args, 1, 2)
	name := symbolName(args[0])
	if c == ClassObject {
		return KnownConst(name)
	}
	return KnownConst(c.Name + "::" + name)
}

// KernelSprintf is Kernel.sprintf(format, args...).
func (r *R) KernelSprintf(recv Value, args ...Value) Value {
	classRecv("sprintf", recv, ClassKernel)
	return r.Sprintf(args...)
}

// KernelFormat is Kernel.format(format, args...).
func (r *R) KernelFormat(recv Value, args ...Value) Value {
	classRecv("format", recv, ClassKernel)
	return r.Sprintf(args...)
}
