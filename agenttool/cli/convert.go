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
func convert(typ, word string) (string, error) {
	switch typ {
	case "string":
		if !utf8.ValidString(word) {
			return "", fmt.Errorf("%q is not valid UTF-8", word)
		}
		if plain(word) {
			return `"` + word + `"`, nil
		}
		return string(quote(word)), nil
	case "integer":
		return convertInteger(word)
	case "number":
		if jsonNumber(word) {
			return word, nil
		}
		f, err := strconv.ParseFloat(word, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", fmt.Errorf("%q is not a number", word)
		}
		// Marshalling a finite float64 cannot fail.
		text, _ := json.Marshal(f)
		return string(text), nil
	case "boolean":
		b, err := strconv.ParseBool(word)
		if err != nil {
			return "", fmt.Errorf("%q is not true or false", word)
		}
		return strconv.FormatBool(b), nil
	}
	// The flag walk gives flags to scalar types only.
	return "", fmt.Errorf("%q cannot be given as a flag value of type %q", word, typ)
}

// convertInteger writes a word of sign and digits that fits 64 bits
// canonically, passes any other integral JSON number on as written, and
// refuses the rest.
func convertInteger(word string) (string, error) {
	if i, err := strconv.ParseInt(word, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), nil
	}
	if u, err := strconv.ParseUint(strings.TrimPrefix(word, "+"), 10, 64); err == nil {
		return strconv.FormatUint(u, 10), nil
	}
	if jsonNumber(word) && integral(word) {
		return word, nil
	}
	return "", fmt.Errorf("%q is not an integer", word)
}

// jsonNumber reports whether s is a number literal of the JSON grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(s string) bool {
	return validNumber(s, 0) == len(s)
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
	return appendQuoted(make([]byte, 0, len(s)+2), s)
}

// appendQuoted appends the JSON string for s to dst, as quote writes it.
func appendQuoted(dst []byte, s string) []byte {
	if plain(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// Encoding a string cannot fail.
	_ = enc.Encode(s)
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// plain reports whether s is printable ASCII without a quote or a
// backslash: the strings encoding/json writes between quotes as they are.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
