package rubyregexp

import "strings"

// errCode names the Onigmo errors a pattern can raise through Ruby.
type errCode int

const (
	errEndPatternAtEscape errCode = iota + 1
	errEndPatternAtMeta
	errEndPatternAtControl
	errMetaCodeSyntax
	errControlCodeSyntax
	errEmptyCharClass
	errPrematureEndOfCharClass
	errCharClassValueAtEndOfRange
	errUnmatchedRangeSpecifierInCharClass
	errTargetOfRepeatNotSpecified
	errUnmatchedCloseParenthesis
	errEndPatternWithUnmatchedParenthesis
	errEndPatternInGroup
	errUndefinedGroupOption
	errInvalidPosixBracketType
	errInvalidLookBehindPattern
	errInvalidConditionPattern
	errTooBigNumber
	errTooBigNumberForRepeatRange
	errUpperSmallerThanLowerInRepeatRange
	errEmptyRangeInCharClass
	errTooShortMultiByteString
	errInvalidBackref
	errNumberedBackrefOrCallNotAllowed
	errTooBigWideCharValue
	errTooLongWideCharValue
	errInvalidCodePointValue
	errEmptyGroupName
	errInvalidGroupName
	errInvalidCharInGroupName
	errUndefinedNameReference
	errUndefinedGroupReference
	errMultiplexDefinitionNameCall
	errNeverEndingRecursion
	errInvalidCharPropertyName
	errTooManyCaptureGroups
	errParseDepthLimitOver
)

// messages are Onigmo's regerror.c texts; %n is replaced by the offending name.
var messages = map[errCode]string{
	errEndPatternAtEscape:                 "end pattern at escape",
	errEndPatternAtMeta:                   "end pattern at meta",
	errEndPatternAtControl:                "end pattern at control",
	errMetaCodeSyntax:                     "invalid meta-code syntax",
	errControlCodeSyntax:                  "invalid control-code syntax",
	errEmptyCharClass:                     "empty char-class",
	errPrematureEndOfCharClass:            "premature end of char-class",
	errCharClassValueAtEndOfRange:         "char-class value at end of range",
	errUnmatchedRangeSpecifierInCharClass: "unmatched range specifier in char-class",
	errTargetOfRepeatNotSpecified:         "target of repeat operator is not specified",
	errUnmatchedCloseParenthesis:          "unmatched close parenthesis",
	errEndPatternWithUnmatchedParenthesis: "end pattern with unmatched parenthesis",
	errEndPatternInGroup:                  "end pattern in group",
	errUndefinedGroupOption:               "undefined group option",
	errInvalidPosixBracketType:            "invalid POSIX bracket type",
	errInvalidLookBehindPattern:           "invalid pattern in look-behind",
	errInvalidConditionPattern:            "invalid conditional pattern",
	errTooBigNumber:                       "too big number",
	errTooBigNumberForRepeatRange:         "too big number for repeat range",
	errUpperSmallerThanLowerInRepeatRange: "upper is smaller than lower in repeat range",
	errEmptyRangeInCharClass:              "empty range in char class",
	errTooShortMultiByteString:            "too short multibyte code string",
	errInvalidBackref:                     "invalid backref number/name",
	errNumberedBackrefOrCallNotAllowed:    "numbered backref/call is not allowed. (use name)",
	errTooBigWideCharValue:                "too big wide-char value",
	errTooLongWideCharValue:               "too long wide-char value",
	errInvalidCodePointValue:              "invalid code point value",
	errEmptyGroupName:                     "group name is empty",
	errInvalidGroupName:                   "invalid group name <%n>",
	errInvalidCharInGroupName:             "invalid char in group name <%n>",
	errUndefinedNameReference:             "undefined name <%n> reference",
	errUndefinedGroupReference:            "undefined group <%n> reference",
	errMultiplexDefinitionNameCall:        "multiplex definition name <%n> call",
	errNeverEndingRecursion:               "never ending recursion",
	errInvalidCharPropertyName:            "invalid character property name {%n}",
	errTooManyCaptureGroups:               "too many capture groups are specified",
	errParseDepthLimitOver:                "parse depth limit over",
}

// onigError is an Onigmo error with the pattern text it names, if any.
type onigError struct {
	code errCode
	par  []byte
}

func (e *onigError) Error() string { return e.message() }

// maxParLen is Onigmo's MAX_ERROR_PAR_LEN - 3: longer names are cut (by bytes)
// and followed by "...".
const maxParLen = 47

func (e *onigError) message() string {
	msg := messages[e.code]
	if !strings.Contains(msg, "%n") {
		return msg
	}
	par := string(e.par)
	if len(par) > maxParLen {
		par = par[:maxParLen] + "..."
	}
	msg = strings.Replace(msg, "%n", par, 1)
	// Onigmo builds the message as a C string: a NUL in the name ends it.
	if i := strings.IndexByte(msg, 0); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

func newErr(code errCode) *onigError { return &onigError{code: code} }

func newErrPar(code errCode, par []byte) *onigError {
	return &onigError{code: code, par: par}
}
