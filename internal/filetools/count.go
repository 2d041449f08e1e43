package filetools

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// count is the type of an integer argument: a line, a byte of a line, a
// number of lines, matches or bytes. JSON spells an integer in several ways
// (1000, 1e3, 1000.0) and sets no bound on it, and a command line passes the
// spelling on as written; encoding/json refuses all but the first for an
// int, and overflows past int64. Every count past int64 means more than any
// file holds, so it is saturated instead of refused. N names the argument in
// the messages of a refusal, and says whether it may be negative.
type count[N argName] int64

// argName names the argument a count is, for the messages of its refusal.
type argName interface{ name() string }

// signedArg is an argName whose count may be negative.
type signedArg interface{ signed() }

// The names of the integer arguments.
type (
	offsetArg   struct{}
	lineArg     struct{} // read_file's offset, which counts from the end when negative
	columnArg   struct{}
	limitArg    struct{}
	maxBytesArg struct{}
)

func (offsetArg) name() string   { return "offset" }
func (lineArg) name() string     { return "offset" }
func (lineArg) signed()          {}
func (columnArg) name() string   { return "column" }
func (limitArg) name() string    { return "limit" }
func (maxBytesArg) name() string { return "max_bytes" }

// UnmarshalJSON reads a JSON number with an integral value, refusing a
// negative one unless N is a signedArg. The tools' schemas declare each count's minimum, so their
// validation refuses a value below it first, naming it as the caller gave
// it; the refusal here stands for a caller that skips validation.
func (n *count[N]) UnmarshalJSON(b []byte) error {
	var arg N
	s := string(b)
	if s == "null" { // encoding/json's convention: null changes nothing
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || f != math.Trunc(f) {
		return fmt.Errorf("%s is %s; it must be an integer", arg.name(), s)
	}
	if _, signed := any(arg).(signedArg); f < 0 && !signed {
		return fmt.Errorf("%s is %s; it must not be negative", arg.name(), s)
	}
	// float64(math.MaxInt64) is 2^63, which does not convert back.
	switch {
	case f >= math.MaxInt64:
		*n = math.MaxInt64
	case f <= math.MinInt64:
		*n = math.MinInt64
	default:
		*n = count[N](f)
	}
	return nil
}
