package erb

// CallFunctionArgs is a 4.x function's call_function(name, *args): the
// arguments are given one by one (a template's scope.call_function takes
// them as one array).
func (r *R) CallFunctionArgs(args ...Value) Value {
	arity(args, 1, -1)
	return r.callPuppet(ToS(args[0]), args[1:])
}
