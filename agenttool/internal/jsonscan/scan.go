package jsonscan

import (
	"encoding/json"
	"unicode/utf8"
)

// SkipSpace returns the index of the first byte at or after i that is not
// white space of the JSON grammar, or len(s).
func SkipSpace[T Text](s T, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// StringEnd returns the index just past the string literal whose opening
// quote is s[i], or len(s) when it is not closed.
func StringEnd[T Text](s T, i int) int {
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			// The escaped byte cannot close the string.
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}

// ValueEnd returns the index just past the value that starts at s[i].
func ValueEnd[T Text](s T, i int) int {
	if i >= len(s) {
		return len(s)
	}
	switch s[i] {
	case '"':
		return StringEnd(s, i)
	case '{', '[':
		depth := 0
		for i < len(s) {
			switch s[i] {
			case '"':
				i = StringEnd(s, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	// A number, true, false or null runs to the next delimiter.
	for i < len(s) {
		switch s[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// Unquote returns the string a string literal holds, decoded as
// encoding/json decodes it, invalid UTF-8 becoming U+FFFD. A literal
// without escapes whose bytes are valid UTF-8 holds exactly its bytes and
// costs only the copy of its bytes. Text that is not a literal gives "".
func Unquote[T Text](lit T) string {
	if len(lit) < 2 {
		return ""
	}
	if inner := lit[1 : len(lit)-1]; noEscape(inner) && validUTF8(inner) {
		return string(inner)
	}
	var out string
	_ = json.Unmarshal([]byte(lit), &out)
	return out
}

// noEscape reports whether s holds no backslash.
func noEscape[T Text](s T) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			return false
		}
	}
	return true
}

// validUTF8 reports whether s is valid UTF-8, without copying it.
func validUTF8[T Text](s T) bool {
	switch s := any(s).(type) {
	case string:
		return utf8.ValidString(s)
	case []byte:
		return utf8.Valid(s)
	}
	return utf8.ValidString(string(s))
}

// String returns the string a value's text holds, and whether it is a
// string literal at all.
func String[T Text](v T) (string, bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return Unquote(v), true
}

// Members yields the members of an object text, in written order and
// duplicates included.
type Members[T Text] struct {
	s T
	i int
}

// ReadMembers starts reading the members of the object value s. ok is
// false when s, white space aside, is not an object.
func ReadMembers[T Text](s T) (r Members[T], ok bool) {
	i := SkipSpace(s, 0)
	if i >= len(s) || s[i] != '{' {
		return Members[T]{}, false
	}
	return Members[T]{s: s, i: i + 1}, true
}

// Next returns the next member: its key, unquoted, and its value's text as
// written. ok is false after the last member.
func (r *Members[T]) Next() (key string, value T, ok bool) {
	s := r.s
	i := SkipSpace(s, r.i)
	if i < len(s) && s[i] == ',' {
		i = SkipSpace(s, i+1)
	}
	if i >= len(s) || s[i] != '"' {
		r.i = len(s)
		return "", value, false
	}
	end := StringEnd(s, i)
	key = Unquote(s[i:end])
	// Step over the colon between the key and its value.
	i = SkipSpace(s, end)
	if i < len(s) && s[i] == ':' {
		i++
	}
	i = SkipSpace(s, i)
	end = ValueEnd(s, i)
	r.i = end
	return key, s[i:end], true
}

// Items yields the elements of an array text, in order.
type Items[T Text] struct {
	s T
	i int
}

// ReadItems starts reading the elements of the array value s. ok is false
// when s, white space aside, is not an array.
func ReadItems[T Text](s T) (r Items[T], ok bool) {
	i := SkipSpace(s, 0)
	if i >= len(s) || s[i] != '[' {
		return Items[T]{}, false
	}
	return Items[T]{s: s, i: i + 1}, true
}

// Next returns the next element's text as written. ok is false after the
// last element.
func (r *Items[T]) Next() (item T, ok bool) {
	s := r.s
	i := SkipSpace(s, r.i)
	if i < len(s) && s[i] == ',' {
		i = SkipSpace(s, i+1)
	}
	if i >= len(s) || s[i] == ']' {
		r.i = len(s)
		return item, false
	}
	end := ValueEnd(s, i)
	if end == i {
		// Not a value at all; only invalid text gets here.
		r.i = len(s)
		return item, false
	}
	r.i = end
	return s[i:end], true
}

// MaxDepth is the deepest nesting of objects and arrays that encoding/json
// accepts: json.Valid refuses text nested deeper.
const MaxDepth = 10000

// TooDeep reports whether s nests objects and arrays deeper than MaxDepth,
// counting the brackets outside strings: on valid text that is exactly
// the nesting, on other text a reading good enough to explain why
// json.Valid refused it.
func TooDeep[T Text](s T) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			i = StringEnd(s, i) - 1
		case '{', '[':
			if depth++; depth > MaxDepth {
				return true
			}
		case '}', ']':
			depth--
		}
	}
	return false
}
