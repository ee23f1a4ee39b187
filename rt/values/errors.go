package values

// Error is an error raised by an operation on values. Its message is
// Puppet's own text; Code is Puppet's issue code (e.g. "DIV_BY_ZERO") where
// Puppet reports the problem as an issue, and empty where Puppet raises a
// plain Ruby error.
type Error struct {
	Code    string
	Message string
	// Key is the 1-based position of the access key the error is about
	// (Puppet reports it at that key); 0 for other errors.
	Key int
	// Preformatted marks Puppet's PreformattedError (Hiera's LookupError):
	// the evaluator reports it as is, not "Error while evaluating a
	// Function Call, ..." at the call.
	Preformatted bool
	// Data is what a Puppet::ErrorWithData carries besides the message
	// (dig's: the details of the Error get() gives its block).
	Data Value
}

func (e *Error) Error() string { return e.Message }

func newError(code, msg string) *Error { return &Error{Code: code, Message: msg} }

// Issue codes used by this package (names as in Puppet's issues.rb).
const (
	IssueOperatorNotApplicable     = "OPERATOR_NOT_APPLICABLE"
	IssueOperatorNotApplicableWhen = "OPERATOR_NOT_APPLICABLE_WHEN"
	IssueDivByZero                 = "DIV_BY_ZERO"
	IssueResultIsInfinity          = "RESULT_IS_INFINITY"
	IssueNumericOverflow           = "NUMERIC_OVERFLOW"
	IssueNotNumeric                = "NOT_NUMERIC"
	IssueComparisonNotPossible     = "COMPARISON_NOT_POSSIBLE"
	IssueMatchNotRegexp            = "MATCH_NOT_REGEXP"
	IssueMatchNotString            = "MATCH_NOT_STRING"
	IssueBadStringSliceArity       = "BAD_STRING_SLICE_ARITY"
	IssueBadStringSliceKeyType     = "BAD_STRING_SLICE_KEY_TYPE"
	IssueBadArraySliceArity        = "BAD_ARRAY_SLICE_ARITY"
	IssueBadHashSliceArity         = "BAD_HASH_SLICE_ARITY"
	IssueBadIntegerSliceArity      = "BAD_INTEGER_SLICE_ARITY"
	IssueBadIntegerSliceType       = "BAD_INTEGER_SLICE_TYPE"
	IssueBadSliceKeyType           = "BAD_SLICE_KEY_TYPE"
	IssueBadTypeSliceArity         = "BAD_TYPE_SLICE_ARITY"
	IssueBadTypeSliceType          = "BAD_TYPE_SLICE_TYPE"
	IssueBadNotUndefSliceType      = "BAD_NOT_UNDEF_SLICE_TYPE"
	IssueBadCollectionSliceType    = "BAD_COLLECTION_SLICE_TYPE"
	IssueBadTypeSpecialization     = "BAD_TYPE_SPECIALIZATION"
	IssueIllegalResourceSpecial    = "ILLEGAL_RESOURCE_SPECIALIZATION"
	IssueIllegalClassref           = "ILLEGAL_CLASSREF"
	IssueIllegalHostclassName      = "ILLEGAL_HOSTCLASS_NAME"
	IssueIllegalName               = "ILLEGAL_NAME"
	IssueUnknownResourceType       = "UNKNOWN_RESOURCE_TYPE"
	IssueRuntimeError              = "RUNTIME_ERROR"
	IssueTypeMismatch              = "TYPE_MISMATCH"
	IssueInvalidTypeSpec           = "INVALID_TYPE_SPECIFICATION"
)
