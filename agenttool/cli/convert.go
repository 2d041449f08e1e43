package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// convert turns one command-line word into the JSON text of a value of type
// typ (a scalar type). A number is a JSON number, which one "+" may
// precede and zeros may pad (007, and .5 for 0.5), and is passed on as
// written, without them: no digit is lost on the way to the tool, and no
// other spelling (1_000, 0x10, 5., Inf) is read as one.
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
		if number, ok := jsonNumber(word); ok {
			return number, nil
		}
		return "", numberError(typ, word)
	case "boolean":
		b, err := strconv.ParseBool(word)
		if err != nil {
			return "", fmt.Errorf("expected true or false, got %q", word)
		}
		return strconv.FormatBool(b), nil
	}
	// The flag walk gives flags to scalar types only.
	return "", fmt.Errorf("%q cannot be given as a flag value of type %q", word, typ)
}

// jsonNumber returns word without the one "+" it may start with and the
// zeros that pad its digits, with the zero a point needs before it, and
// reports whether what is left is a JSON number (not a negative one, when
// a "+" came before it).
func jsonNumber(word string) (string, bool) {
	number, plus := strings.CutPrefix(word, "+")
	digits := strings.TrimPrefix(number, "-")
	if plus && len(digits) < len(number) {
		return word, false
	}
	// Zeros before the digits change no value (007 is 7, as ParseInt
	// reads it), and neither does the one left out before a point (.5).
	if n := strings.TrimLeft(digits, "0"); n != digits || strings.HasPrefix(n, ".") {
		if n == "" || n[0] < '0' || n[0] > '9' {
			n = "0" + n
		}
		number = number[:len(number)-len(digits)] + n
	}
	return number, jsonscan.Number(number)
}

// numberError refuses word as a value of typ, "number" or "integer". A
// word with a digit in it that is no JSON number is told how to write one.
func numberError(typ, word string) error {
	if _, ok := jsonNumber(word); ok || !strings.ContainsAny(word, "0123456789") {
		return fmt.Errorf("expected %s, got %q", typ, word)
	}
	examples := "12, -0.5 or 1e3"
	if typ == "integer" {
		examples = "12, -3 or 1e3"
	}
	return fmt.Errorf("expected %s, got %q; write it in decimal digits, as in %s", typ, word, examples)
}

// convertInteger passes on an integer as convert passes on a number: a
// word of sign and digits that fits 64 bits written canonically, and any
// other integer of the JSON grammar as written (1e3, 2.0, 1e400: whether it
// fits is the decoder's to judge, as for the same number in the JSON
// argument). It refuses the rest, 1e-400 included.
func convertInteger(word string) (string, error) {
	number, ok := jsonNumber(word)
	switch {
	case !ok:
		return "", numberError("integer", word)
	case !jsonscan.Integer(number):
		return "", fmt.Errorf("expected integer, got %q", word)
	}
	if i, err := strconv.ParseInt(number, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), nil
	}
	return number, nil
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
