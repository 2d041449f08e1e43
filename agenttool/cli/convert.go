package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool/internal/jsonscan"
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
		if jsonscan.Number(word) {
			return word, nil
		}
		f, err := strconv.ParseFloat(word, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", fmt.Errorf("expected number, got %q", word)
		}
		// Marshalling a finite float64 cannot fail.
		text, _ := json.Marshal(f)
		return string(text), nil
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

// convertInteger writes a word of sign and digits that fits 64 bits
// canonically, passes any other integer of the JSON grammar on as written
// (1e3, 2.0, 1e400: whether it fits is the decoder's to judge, as for the
// same number in the JSON argument), and refuses the rest, 1e-400
// included.
func convertInteger(word string) (string, error) {
	if i, err := strconv.ParseInt(word, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), nil
	}
	if u, err := strconv.ParseUint(strings.TrimPrefix(word, "+"), 10, 64); err == nil {
		return strconv.FormatUint(u, 10), nil
	}
	if jsonscan.Integer(word) {
		return word, nil
	}
	return "", fmt.Errorf("expected integer, got %q", word)
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
