package filetools

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
)

// patternError is the refusal of pattern, which regexp.Compile refused
// with err. regexp's error repeats the pattern, or the part of it in
// error, so both are cut to a line's length: a pattern of a megabyte would
// otherwise fill a model's context twice over.
func patternError(pattern string, err error) error {
	shown := strconv.Quote(clip([]byte(pattern)))
	if len(pattern) > maxLine {
		shown += fmt.Sprintf(" (%d bytes)", len(pattern))
	}
	var bad *syntax.Error
	if errors.As(err, &bad) {
		err := fmt.Errorf("pattern %s: error parsing regexp: %s: `%s`", shown, bad.Code, clip([]byte(bad.Expr)))
		// A pattern starting with * is most likely a glob of names.
		if bad.Code == syntax.ErrMissingRepeatArgument && strings.HasPrefix(pattern, "*") && !strings.ContainsAny(pattern, " \t\n") && len(pattern) <= maxLine {
			err = fmt.Errorf("%w; --pattern is a regexp, matched against lines, and --glob %s picks files by name", err, singleQuoted(pattern))
		}
		return err
	}
	return fmt.Errorf("pattern %s: %w", shown, err)
}

// progSize returns the number of instructions of the program regexp
// compiles pattern to, a pattern that regexp.Compile has accepted.
func progSize(pattern string) int {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return 1
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return 1
	}
	return max(len(prog.Inst), 1)
}
