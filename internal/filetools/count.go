package filetools

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// count is the type of an integer argument: a line, a byte of a line, a
// number of lines, matches or bytes. JSON spells an integer in several ways
// (1000, 1e3, 1000.0) and sets no bound on it, and a command line passes the
// spelling on as written; encoding/json refuses all but the first for an
// int, and overflows past int64. An amount past int64 (a limit, max_bytes)
// means more than any file holds, so it is saturated instead of refused; a
// position past int64 (an offset, a column) is refused, since the message
// that it is past the end would otherwise name a number the caller did not
// give. N names the argument in the messages of a refusal, and says whether
// it may be negative and whether it is an amount.
type count[N argName] int64

// argName names the argument a count is, for the messages of its refusal.
type argName interface{ name() string }

// signedArg is an argName whose count may be negative.
type signedArg interface{ signed() }

// amountArg is an argName whose count is an amount, saturated past int64.
type amountArg interface{ amount() }

// The names of the integer arguments.
type (
	offsetArg   struct{} // search's offset, which counts matches
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
func (limitArg) amount()         {}
func (maxBytesArg) name() string { return "max_bytes" }
func (maxBytesArg) amount()      {}

// UnmarshalJSON reads a JSON number with an integral value, refusing a
// negative one unless N is a signedArg, and one past int64 unless N is an
// amountArg. The tools' schemas declare each count's minimum, so their
// validation refuses a value below it first, naming it as the caller gave
// it; the refusal here stands for a caller that skips validation.
func (n *count[N]) UnmarshalJSON(b []byte) error {
	var arg N
	s := string(b)
	if s == "null" { // encoding/json's convention: null changes nothing
		return nil
	}
	// A big.Float of 64 bits holds every int64 exactly, where a float64
	// would round an integer past 2^53 and name the rounded value. It
	// refuses an exponent past its own range, which a float64 reads as an
	// infinity (or 0).
	f, ok := new(big.Float).SetPrec(64).SetString(s)
	if !ok {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(x) {
			return fmt.Errorf("%s is %s; it must be an integer", arg.name(), s)
		}
		f = big.NewFloat(x)
	}
	if !f.IsInf() && !f.IsInt() {
		return fmt.Errorf("%s is %s; it must be an integer", arg.name(), s)
	}
	if _, signed := any(arg).(signedArg); f.Sign() < 0 && !signed {
		return fmt.Errorf("%s is %s; it must not be negative", arg.name(), s)
	}
	// Saturated when not exact. A hugely negative offset of read_file is
	// an amount too: that many lines from the end, which is all of them.
	v, acc := f.Int64()
	if _, amount := any(arg).(amountArg); acc != big.Exact && !amount && f.Sign() > 0 {
		past := "past the end of any file"
		if _, matches := any(arg).(offsetArg); matches {
			past = "past the last match of any search"
		}
		return fmt.Errorf("%s is %s, %s; it must be at most %d", arg.name(), s, past, int64(math.MaxInt64))
	}
	*n = count[N](v)
	return nil
}
