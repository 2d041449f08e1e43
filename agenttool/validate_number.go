package agenttool

import (
	"cmp"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// number returns the numeric value of v and whether v is a number at all.
// A json.Number must be a JSON number literal; one too large for a float64
// is still a number, valued ±Inf.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		if !jsonscan.Number(string(n)) {
			return 0, false
		}
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil || errors.Is(err, strconv.ErrRange)
	case float64:
		return n, true
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case string, bool, map[string]any, []any:
		return 0, false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

// integer reports whether v is an integer: a json.Number whose text is an
// integer by the rule of jsonscan (a JSON number whose exact value is whole,
// however large: 1e400 is one, 1e-400 is not), a Go integer, or a finite
// whole Go float.
func integer(v any) bool {
	if n, ok := v.(json.Number); ok {
		return jsonscan.Integer(string(n))
	}
	f, ok := number(v)
	return ok && !math.IsInf(f, 0) && f == math.Trunc(f)
}

// decimal is the exact value of a number, ±sig×10^exp, as
// jsonscan.Decompose gives it: sig has no leading or trailing zeros and is
// "" for zero, which is never negative, and exp is exact when written with
// at most jsonscan.MaxExpDigits digits.
type decimal struct {
	neg bool
	sig string
	exp *big.Int
}

// decimalOf returns the exact value of the number v: that of its text for
// a json.Number, and for a Go number that of the text encoding/json writes
// for it, which for a float is the shortest that reads back as the same
// value at its own precision (float32(0.1) is 0.1). An enum value or a
// minimum is thus the number MarshalJSON writes. ok is false when v is no
// number, or a float that is infinite or NaN, which JSON cannot write.
func decimalOf(v any) (d decimal, ok bool) {
	if _, isNum := number(v); !isNum {
		return d, false
	}
	// render writes a Go number as strconv does, which is as encoding/json
	// does but for the layout, never the digits.
	d.neg, d.sig, d.exp, ok = jsonscan.Decompose(render(v))
	return d, ok
}

// cmp compares d and e: -1 when d < e, 0 when they are equal, +1 when
// d > e. The place of the leading digit decides between two numbers of
// one sign, then their digits, read from the left, a prefix being the
// smaller since neither has trailing zeros; no exponent is expanded.
func (d decimal) cmp(e decimal) int {
	sign := func(d decimal) int {
		switch {
		case d.sig == "":
			return 0
		case d.neg:
			return -1
		}
		return 1
	}
	ds, es := sign(d), sign(e)
	if ds != es || ds == 0 {
		return cmp.Compare(ds, es)
	}
	dp := new(big.Int).Add(d.exp, big.NewInt(int64(len(d.sig))))
	c := dp.Cmp(new(big.Int).Add(e.exp, big.NewInt(int64(len(e.sig)))))
	if c == 0 {
		c = strings.Compare(d.sig, e.sig)
	}
	return ds * c
}
