package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// convert turns one command-line word into the JSON text of a value of type
// typ (a scalar type). Numbers keep the literal they were written as
// whenever it is a JSON number, so no digit is lost on the way to the tool.
func convert(typ, word string) (json.RawMessage, error) {
	switch typ {
	case "string":
		if !utf8.ValidString(word) {
			return nil, fmt.Errorf("%q is not valid UTF-8", word)
		}
		return quote(word), nil
	case "integer":
		return convertInteger(word)
	case "number":
		if jsonNumber(word) {
			return json.RawMessage(word), nil
		}
		f, err := strconv.ParseFloat(word, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("%q is not a number", word)
		}
		return json.Marshal(f)
	case "boolean":
		b, err := strconv.ParseBool(word)
		if err != nil {
			return nil, fmt.Errorf("%q is not true or false", word)
		}
		return json.RawMessage(strconv.FormatBool(b)), nil
	}
	// The flag walk gives flags to scalar types only.
	return nil, fmt.Errorf("%q cannot be given as a flag value of type %q", word, typ)
}

// convertInteger writes a word of sign and digits that fits 64 bits
// canonically, passes any other integral JSON number on as written, and
// refuses the rest.
func convertInteger(word string) (json.RawMessage, error) {
	if i, err := strconv.ParseInt(word, 10, 64); err == nil {
		return json.RawMessage(strconv.FormatInt(i, 10)), nil
	}
	if u, err := strconv.ParseUint(strings.TrimPrefix(word, "+"), 10, 64); err == nil {
		return json.RawMessage(strconv.FormatUint(u, 10)), nil
	}
	if jsonNumber(word) && integral(word) {
		return json.RawMessage(word), nil
	}
	return nil, fmt.Errorf("%q is not an integer", word)
}

// jsonNumber reports whether s is a number literal of the JSON grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			return false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return false
		}
		i = j
	}
	return i == len(s)
}

// digits returns the index of the first byte at or after i that is not a
// decimal digit.
func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// integral reports whether a JSON number literal has an integral value. It
// works on the literal's digits and exponent exactly: the value is integral
// when, once the exponent moves the decimal point, no non-zero digit lies
// to its right. The exponent is compared, never expanded, so 1e999999999
// costs no more than 1e3.
func integral(lit string) bool {
	mantissa, exp, _ := strings.Cut(strings.ToLower(strings.TrimPrefix(lit, "-")), "e")
	whole, frac, _ := strings.Cut(mantissa, ".")
	all := whole + frac
	last := strings.LastIndexFunc(all, func(r rune) bool { return r != '0' })
	if last < 0 {
		return true
	}
	// The digit at index last sits left of the point when
	// last < len(whole) + exp, that is when exp > last - len(whole).
	need := big.NewInt(int64(last - len(whole)))
	e := new(big.Int)
	if exp != "" {
		e.SetString(exp, 10)
	}
	return e.Cmp(need) > 0
}

// quote returns the JSON string for s, leaving <, > and & as they are so
// that the text the tool receives reads as it was typed.
func quote(s string) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// Encoding a string cannot fail.
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
