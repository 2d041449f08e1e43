package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// jsonArgument reads the positional words left after the flags: none, one
// JSON object, or "-" for one JSON object on stdin, read under ctx. It
// returns the trimmed text and whether there was one.
func jsonArgument(ctx context.Context, command string, words []string, stdin io.Reader) (string, bool, error) {
	switch len(words) {
	case 0:
		return "", false, nil
	case 1:
	default:
		if first := trimJSONSpace(words[0]); strings.HasPrefix(first, "{") && !json.Valid([]byte(first)) {
			return "", false, fmt.Errorf("the JSON argument reached the program as %d words: "+
				"a single quote inside the single quotes ended them and the shell split the rest; "+
				"give JSON that holds a single quote on stdin in a quoted heredoc instead, "+
				"after the program name: %s - <<'EOF'", len(words), command)
		}
		if !meantAsJSON(words[0]) {
			if i := slices.IndexFunc(words, func(w string) bool { return len(w) > 1 && w[0] == '-' }); i > 0 {
				return "", false, fmt.Errorf("unexpected %s before %s: the flags end at the first word that is not one, so nothing after it is read as a flag",
					unexpectedWords(words[:i]), words[i])
			}
			return "", false, fmt.Errorf("unexpected %s: a command's arguments are flags, followed by at most one JSON object", unexpectedWords(words))
		}
		return "", false, fmt.Errorf("one JSON argument at most, after the flags; got %q", words)
	}
	text := words[0]
	if text == "-" {
		data, err := readStdin(ctx, stdin)
		if err != nil {
			return "", false, err
		}
		text = string(data)
	}
	if t := trimJSONSpace(text); words[0] != "-" && !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") &&
		!strings.HasPrefix(t, byteOrderMark) && !json.Valid([]byte(t)) {
		return "", false, errStrayWord
	}
	text = trimJSONSpace(text)
	if !utf8.ValidString(text) {
		return "", false, errors.New("the JSON argument is not valid UTF-8")
	}
	if !strings.HasPrefix(text, "{") || !json.Valid([]byte(text)) {
		// An array too deep is named as too deep, not by encoding/json's
		// wording, which a caller cannot act on.
		if (strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[")) && jsonscan.TooDeep(text) {
			return "", false, fmt.Errorf("the JSON argument nests objects and arrays deeper than %d levels, the limit", jsonscan.MaxDepth)
		}
		return "", false, notObject(text)
	}
	if key, twice := duplicatePath(text); twice {
		return "", false, fmt.Errorf("the JSON argument gives %q twice", key)
	}
	// encoding/json would decode it to U+FFFD, a value nobody gave.
	if half, ok := jsonscan.LoneSurrogate(text); ok {
		return "", false, fmt.Errorf("the JSON argument holds %s, half of a UTF-16 surrogate pair, which is no character; "+
			"give the character itself, or both halves of the pair", half)
	}
	return text, true, nil
}

// duplicatePath returns the path of a key that the valid object text, or
// an object at any depth in it, writes a second time, compared after
// unescaping: a key of text itself first ("url"), else the first met in
// written order ("filter.status", "files[0].path"). A tool whose decoder
// keeps the first copy would act on a value that the check of the
// arguments, which sees the last, never saw. Its time grows with the
// length of text alone, whatever the depth.
func duplicatePath(text string) (string, bool) {
	if key, twice := duplicateKey(text); twice {
		return key, true
	}
	// frame is an open object (keys not nil) or array, with its path.
	type frame struct {
		path  string
		keys  map[string]bool
		key   string // the object's member being read
		index int    // the array's next element
	}
	var stack []frame
	// child is the path of the value that starts now in the innermost
	// frame, counted as an element when that frame is an array.
	child := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := &stack[len(stack)-1]
		if f.keys != nil {
			return join(f.path, f.key)
		}
		f.index++
		return f.path + "[" + strconv.Itoa(f.index-1) + "]"
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if key, ok := tok.(string); ok && expectKey {
			f := &stack[len(stack)-1]
			if f.keys[key] {
				return join(f.path, key), true
			}
			f.keys[key], f.key = true, key
			expectKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{path: child(), keys: map[string]bool{}})
			expectKey = true
			continue
		case json.Delim('['):
			stack = append(stack, frame{path: child()})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		default:
			child()
		}
		expectKey = len(stack) > 0 && stack[len(stack)-1].keys != nil
	}
}

// join is the path of the member key of the value at the path at.
func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// duplicateKey returns the first top-level key that the valid JSON value
// text writes a second time, compared after unescaping; none when text is
// no object.
func duplicateKey(text string) (string, bool) {
	r, _ := jsonscan.ReadMembers(text)
	// A few keys are compared in turn; many go into a map.
	var buf [shortList]string
	keys := buf[:0]
	var many map[string]bool
	for {
		key, _, ok := r.Next()
		switch {
		case !ok:
			return "", false
		case many != nil:
			if many[key] {
				return key, true
			}
			many[key] = true
		case slices.Contains(keys, key):
			return key, true
		case len(keys) < cap(keys):
			keys = append(keys, key)
		default:
			many = make(map[string]bool, 2*len(keys))
			for _, k := range keys {
				many[k] = true
			}
			many[key] = true
		}
	}
}

// trimJSONSpace trims the white space the JSON grammar allows around a
// value.
func trimJSONSpace(s string) string {
	return strings.Trim(s, " \t\r\n")
}

// byteOrderMark is U+FEFF in UTF-8, which some editors and shells on
// Windows put before a text.
const byteOrderMark = "\ufeff"

// notObject returns the refusal of text, a trimmed JSON argument in UTF-8
// that is not one valid JSON object, saying what it is instead: nothing,
// another JSON value, or where and how its JSON goes wrong.
func notObject(text string) error {
	const prefix = "the JSON argument is not a JSON object"
	switch {
	case text == "":
		return errors.New(prefix + ": it is empty")
	case strings.HasPrefix(text, byteOrderMark):
		return errors.New(prefix + ": it starts with a byte order mark (U+FEFF); give the JSON without it")
	}
	var syntax *json.SyntaxError
	if err := json.Unmarshal([]byte(text), new(json.RawMessage)); errors.As(err, &syntax) {
		if syntax.Offset >= int64(len(text)) && strings.HasPrefix(err.Error(), "unexpected end") {
			return errors.New(prefix + ": it ends before its last value or bracket")
		}
		if end, ok := objectEnd(text); ok {
			rest := strings.TrimLeft(text[end:], " \t\r\n")
			return fmt.Errorf("the JSON argument goes on after its object, at byte %d: %s; give one object with nothing after it",
				len(text)-len(rest)+1, quoted(shown(rest)))
		}
		// Offset counts the bytes read, the wrong one included.
		why := err.Error()
		if hint := syntaxHint(text, int(syntax.Offset)); hint != "" {
			why = hint
		}
		return fmt.Errorf("the JSON argument is not valid JSON at byte %d: %s", syntax.Offset, why)
	}
	kind := "a string"
	switch text[0] {
	case '[':
		kind = "an array"
	case 't', 'f':
		kind = "a boolean"
	case 'n':
		kind = "null"
	case '{':
		kind = "an object"
	case '"':
	default:
		kind = "a number"
	}
	return fmt.Errorf("%s: it is %s", prefix, kind)
}

// objectEnd returns the offset at which the first JSON value in text ends,
// when text starts with a whole, valid JSON object.
func objectEnd(text string) (int, bool) {
	if !strings.HasPrefix(text, "{") {
		return 0, false
	}
	dec := json.NewDecoder(strings.NewReader(text))
	if err := dec.Decode(new(json.RawMessage)); err != nil {
		return 0, false
	}
	return int(dec.InputOffset()), true
}

// syntaxHint says in plain words what is wrong at byte at (counted from 1)
// of text, where encoding/json stopped, for the slips that JSON written by
// hand or by a model makes most: a single quote, a comma before the bracket
// that closes what it is in, a number with a leading zero or a plus sign,
// NaN or Infinity. It returns "" for any other.
func syntaxHint(text string, at int) string {
	if at < 1 || at > len(text) {
		return ""
	}
	c, here := text[at-1], text[at-1:]
	switch {
	case c == '\'':
		return "a string or member name is in single quotes, where JSON takes double ones"
	case (c == '}' || c == ']') && strings.HasSuffix(strings.TrimRight(text[:at-1], " \t\r\n"), ",") && closes(text[:at-1], c):
		return fmt.Sprintf("a comma before the closing %q, which JSON does not allow", c)
	case c >= '0' && c <= '9' && at >= 2 && text[at-2] == '0' && (at == 2 || strings.IndexByte(":,[{ \t\r\n-", text[at-3]) >= 0):
		return "a number starts with 0 and more digits, which JSON does not allow: write it without the leading zero"
	case c == '+':
		return "a number starts with +, which JSON does not allow: write it without the sign"
	case strings.HasPrefix(here, "NaN"), strings.HasPrefix(here, "Infinity"):
		return "NaN and Infinity are no JSON numbers"
	case pythonLiteral(here):
		return "JSON writes true, false and null in lower case"
	case (c == '_' || unicode.IsLetter(rune(c))) && afterKeyStart(text[:at-1]):
		hint := "a member name without double quotes, which JSON takes around every name"
		if !strings.Contains(text, `"`) {
			hint += `; a shell takes them off a word in double quotes, so put the JSON in single quotes: '{"key":"value"}'`
		}
		return hint
	}
	return ""
}

// pythonLiteral reports whether text starts with True, False or None as a
// whole word, as Python writes them.
func pythonLiteral(text string) bool {
	for _, w := range [...]string{"True", "False", "None"} {
		if rest, ok := strings.CutPrefix(text, w); ok && (rest == "" || !unicode.IsLetter(rune(rest[0])) && !unicode.IsDigit(rune(rest[0])) && rest[0] != '_') {
			return true
		}
	}
	return false
}

// afterKeyStart reports whether a member name comes next after text, the
// start of a JSON text: it ends with "{" or "," inside an object, white
// space aside.
func afterKeyStart(text string) bool {
	t := strings.TrimRight(text, " \t\r\n")
	return t != "" && (t[len(t)-1] == '{' || t[len(t)-1] == ',' && closes(t[:len(t)-1], '}'))
}

// closes reports whether the bracket c closes the innermost object or array
// that text, the start of a JSON text, leaves open.
func closes(text string, c byte) bool {
	var open []byte
	inString := false
	for i := 0; i < len(text); i++ {
		switch b := text[i]; {
		case inString && b == '\\':
			i++
		case b == '"':
			inString = !inString
		case inString:
		case b == '{' || b == '[':
			open = append(open, b)
		case (b == '}' || b == ']') && len(open) > 0:
			open = open[:len(open)-1]
		}
	}
	return len(open) > 0 && (open[len(open)-1] == '{') == (c == '}')
}
