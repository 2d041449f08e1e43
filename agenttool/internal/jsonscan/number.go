package jsonscan

import (
	"math/big"
	"strconv"
	"strings"
)

// An integer, for agenttool and its command line, is a JSON number literal
// whose exact value is a whole number, however it is written: 7, -0, 2.0,
// 2.50e1, 1e400 and 0e-99999 are integers; 1.5, 1e-400 and
// 1.0000000000000000001 are not, although float64 rounds the last two to
// whole numbers. Whether a whole number fits the Go type it is decoded
// into is a separate question, which the decoder answers.

// NumberEnd returns the index just past the number literal of the JSON
// grammar that starts at s[i], or -1 when none does. What follows the
// literal is the caller's to check.
func NumberEnd[T Text](s T, i int) int {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digitsEnd(s, i)
	default:
		return -1
	}
	if i < len(s) && s[i] == '.' {
		j := digitsEnd(s, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digitsEnd(s, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// Number reports whether s is one number literal of the JSON grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func Number[T Text](s T) bool {
	return NumberEnd(s, 0) == len(s)
}

// digitsEnd returns the index of the first byte at or after i that is not
// a decimal digit.
func digitsEnd[T Text](s T, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// Integer reports whether s is an integer: a JSON number literal whose
// exact value is whole. Exponents are compared, never expanded, so 1e999999999
// costs no more than 1e3.
func Integer[T Text](s T) bool {
	if !Number(s) {
		return false
	}
	_, sig, exp := decompose(s)
	return sig == "" || exp >= 0
}

// maxExp bounds the exponents decompose reads: an exponent beyond it is
// taken to be that bound, which changes no answer of Integer or
// PlainInteger, since no literal a program holds has that many digits for
// the exponent to be weighed against. Decompose, whose answers are
// compared with each other, reads the exponent exactly instead.
const maxExp = 1 << 30 // fits an int on 32-bit platforms too

// decompose splits the JSON number literal s into its sign and its value's
// significant digits sig and power of ten exp, the value being sig×10^exp,
// with the written exponent bounded by maxExp.
func decompose[T Text](s T) (neg bool, sig string, exp int) {
	neg, sig, shift, written := split(s)
	if sig == "" {
		return neg, "", 0
	}
	return neg, sig, shift + exponent(written)
}

// split splits the JSON number literal s into its sign, its significant
// digits sig and the written exponent, with the shift the digits' place
// adds to it: the value is sig×10^(written+shift). sig has no leading or
// trailing zeros, and is "" for zero. shift is bounded by the length of s.
func split[T Text](s T) (neg bool, sig string, shift int, written T) {
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	mant := s
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			mant, written = s[:i], s[i+1:]
			break
		}
	}
	whole, frac := mant, mant[:0]
	for i := 0; i < len(mant); i++ {
		if mant[i] == '.' {
			whole, frac = mant[:i], mant[i+1:]
			break
		}
	}
	// Trailing zeros of the fraction, then of the whole part when the
	// fraction is all zeros, move into the exponent.
	f := len(frac)
	for f > 0 && frac[f-1] == '0' {
		f--
	}
	shift = -f
	w := len(whole)
	if f == 0 {
		for w > 0 && whole[w-1] == '0' {
			w--
			shift++
		}
	}
	lead := 0
	for lead < w && whole[lead] == '0' {
		lead++
	}
	if lead == w && f == 0 {
		return neg, "", 0, written
	}
	if f == 0 {
		return neg, string(whole[lead:w]), shift, written
	}
	digits := string(whole[lead:]) + string(frac[:f])
	return neg, strings.TrimLeft(digits, "0"), shift, written
}

// exponent reads the digits of an exponent, with their sign, bounded by
// maxExp; "" is 0.
func exponent[T Text](s T) int {
	if len(s) == 0 {
		return 0
	}
	neg := s[0] == '-'
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	e, err := strconv.Atoi(string(s))
	if err != nil || e > maxExp {
		e = maxExp
	}
	if neg {
		return -e
	}
	return e
}

// PlainInteger writes the integer s in plain digits, with a minus sign
// when it is negative and none for zero, when it has at most maxDigits
// digits: 1.5e1 is 15, 2.0 is 2, -0.0 is 0. ok is false when s is not an
// integer or has more digits.
func PlainInteger[T Text](s T, maxDigits int) (plain string, ok bool) {
	if !Number(s) {
		return "", false
	}
	neg, sig, exp := decompose(s)
	switch {
	case sig == "":
		return "0", true
	case exp < 0 || exp > maxDigits-len(sig):
		return "", false
	}
	plain = sig + strings.Repeat("0", exp)
	if neg {
		plain = "-" + plain
	}
	return plain, true
}

// MaxExpDigits bounds the digits of an exponent that Decompose reads
// exactly: reading n digits into a big.Int costs time growing as n², and
// a value's exponent is read each time a schema looks at it, so a longer
// exponent, after its leading zeros, is read as ±10^MaxExpDigits. Only two
// numbers whose exponents both pass 10^1000 in size, which no schema's bound
// comes near, can compare wrongly.
const MaxExpDigits = 1000

// Decompose splits the JSON number literal s into its sign, its
// significant digits sig and its power of ten exp, the value being
// ±sig×10^exp exactly for an exponent written with at most MaxExpDigits
// digits: sig has no leading or trailing zeros, and zero has sig "" and
// exp 0 and is never negative. ok is false when s is not a number literal.
func Decompose[T Text](s T) (neg bool, sig string, exp *big.Int, ok bool) {
	if !Number(s) {
		return false, "", nil, false
	}
	neg, sig, shift, written := split(s)
	if sig == "" {
		return false, "", new(big.Int), true
	}
	exp = big.NewInt(int64(shift))
	if len(written) == 0 {
		return neg, sig, exp, true
	}
	negExp := written[0] == '-'
	digits := strings.TrimLeft(strings.TrimLeft(string(written), "+-"), "0")
	w := new(big.Int)
	switch {
	case len(digits) > MaxExpDigits:
		w.Exp(big.NewInt(10), big.NewInt(MaxExpDigits), nil)
	case len(digits) <= 18:
		if digits != "" {
			n, _ := strconv.ParseInt(digits, 10, 64)
			w.SetInt64(n)
		}
	default:
		w.SetString(digits, 10)
	}
	if negExp {
		w.Neg(w)
	}
	return neg, sig, exp.Add(exp, w), true
}
