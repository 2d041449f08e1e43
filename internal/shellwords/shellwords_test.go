package shellwords

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// splitCases is the word splitter's table, shared by TestSplit and the
// seeds of FuzzSplit. A case with a non-empty err is refused with that
// message; otherwise it splits into want.
var splitCases = []struct {
	name string
	in   string
	want []string
	err  string
}{
	{name: "blanks and tabs separate words once", in: " \t read_file \t --path\tgo.mod  ", want: []string{"read_file", "--path", "go.mod"}},
	{name: "single and double quotes keep blanks", in: `'a b' "c d"`, want: []string{"a b", "c d"}},
	{name: "adjacent single quotes join", in: `'it''s'`, want: []string{"its"}},
	{name: "quoted piece joins bare text", in: `a'b'c`, want: []string{"abc"}},
	{name: "four escapes in double quotes", in: "\"\\\\ \\\" \\$ \\`\"", want: []string{"\\ \" $ `"}},
	{name: "other backslash in double quotes stays", in: `"x\ny"`, want: []string{`x\ny`}},
	{name: "single-quoted inline JSON", in: `write_file '{"content": "one line\n"}'`, want: []string{"write_file", `{"content": "one line\n"}`}},
	{name: "plain punctuation", in: `--k=v --n=-1 x@y:z,w+%`, want: []string{"--k=v", "--n=-1", "x@y:z,w+%"}},
	{name: "empty quotes are one empty word", in: `''`, want: []string{""}},
	{name: "quoted equals sign may start a word", in: `'='x ''=y`, want: []string{"=x", "=y"}},
	{name: "double-quoted non-ASCII", in: `"é"`, want: []string{"é"}},
	{name: "empty input has no words", in: "", want: nil},
	{name: "blank input has no words", in: " \t ", want: nil},

	{name: "unterminated single quote", in: `read_file 'go.mod`, err: "unterminated single quote"},
	{name: "unterminated double quote", in: `read_file "go.mod`, err: "unterminated double quote"},
	{name: "escaped closing double quote", in: `"a\"`, err: "unterminated double quote"},
	{name: "dollar in double quotes", in: `"$HOME"`, err: `'$' in double quotes is expanded by the shell; use single quotes`},
	{name: "backquote in double quotes", in: "\"`ls`\"", err: "'`' in double quotes is expanded by the shell; use single quotes"},
	{name: "redirection", in: `read_file > out`, err: `'>' must be quoted`},
	{name: "pipe", in: `a | b`, err: `'|' must be quoted`},
	{name: "semicolon", in: `a; b`, err: `';' must be quoted`},
	{name: "and list", in: `a && b`, err: `'&' must be quoted`},
	{name: "glob", in: `*.go`, err: `'*' must be quoted`},
	{name: "tilde", in: `~/x`, err: `'~' must be quoted`},
	{name: "parameter expansion", in: `$x`, err: `'$' must be quoted`},
	{name: "equals sign starting a word", in: `=ls`, err: `'=' must be quoted`},
	{name: "newline", in: "a\nb", err: `'\n' must not appear in an example; it is one line`},
	{name: "quoted newline", in: "'a\nb'", err: `'\n' must not appear in an example; it is one line`},
	{name: "carriage return", in: "a\r", err: `'\r' must not appear in an example; it is one line`},
	{name: "line separator in quotes", in: "'a\u2028b'", err: `'\u2028' must not appear in an example; it is one line`},
	{name: "next line in quotes", in: "\"a\u0085b\"", err: `'\u0085' must not appear in an example; it is one line`},
	{name: "vertical tab in quotes", in: "'a\vb'", err: `'\v' must not appear in an example; it is one line`},
	{name: "form feed", in: "a \f b", err: `'\f' must not appear in an example; it is one line`},
	{name: "NUL in quotes", in: "'a\x00b'", err: `'\x00' must not appear in an example; it is a control character`},
	{name: "escape in double quotes", in: "\"\x1b[31mred\"", err: `'\x1b' must not appear in an example; it is a control character`},
	{name: "DEL", in: "a\x7f", err: `'\x7f' must not appear in an example; it is a control character`},
	{name: "first offending character wins", in: "'\x01' \n", err: `'\x01' must not appear in an example; it is a control character`},
	{name: "backslash", in: `a\ b`, err: `'\\' must be quoted`},
	{name: "invalid UTF-8", in: "read_file --path '\xff'", err: `an example must be valid UTF-8; byte 0xff at offset 18 is not`},
	{name: "quoted bytes joining into a line separator", in: "'\xe2''\x80\xa8'", err: `an example must be valid UTF-8; byte 0xe2 at offset 1 is not`},
	{name: "replacement character is valid", in: "'\uFFFD'", want: []string{"\uFFFD"}},
	{name: "comment", in: `a #b`, err: `'#' must be quoted`},
	{name: "history expansion", in: `!x`, err: `'!' must be quoted`},
	{name: "parenthesis", in: `a(b)`, err: `'(' must be quoted`},
	{name: "bracket", in: `[a]`, err: `'[' must be quoted`},
	{name: "brace", in: `{a,b}`, err: `'{' must be quoted`},
	{name: "non-ASCII letter", in: `é`, err: `'é' must be quoted`},
}

func TestSplit(t *testing.T) {
	t.Parallel()
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Split(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("Split(%q) = %q, %v; want error %q", tc.in, got, err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
				t.Fatalf("Split(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// requote quotes each word in single quotes, writing a single quote as "'",
// and joins them with spaces: a command line a shell splits back into words.
func requote(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + strings.ReplaceAll(w, "'", `'"'"'`) + "'"
	}
	return strings.Join(quoted, " ")
}

func FuzzSplit(f *testing.F) {
	for _, tc := range splitCases {
		f.Add(tc.in)
	}
	// Every message the splitter may give. A message about a rune starts
	// with that rune in Go's quoting, and the rune is one of the input's.
	documented := regexp.MustCompile(`^(unterminated (single|double) quote|an example must be valid UTF-8; byte 0x[0-9a-f]{2} at offset [0-9]+ is not|('.+') (must be quoted|must not appear in an example; it is (one line|a control character)|in double quotes is expanded by the shell; use single quotes))$`)
	f.Fuzz(func(t *testing.T, in string) {
		words, err := Split(in)
		if err != nil {
			m := documented.FindStringSubmatch(err.Error())
			if m == nil {
				t.Fatalf("Split(%q): undocumented error %q", in, err)
			}
			if m[3] != "" {
				r, err := strconv.Unquote(m[3])
				if err != nil || utf8.RuneCountInString(r) != 1 || !slices.Contains([]rune(in), []rune(r)[0]) {
					t.Fatalf("Split(%q): the error names %s, not a rune of the input", in, m[3])
				}
			}
			return
		}
		again, err := Split(requote(words))
		if err != nil {
			t.Fatalf("Split(%q) = %q, but its re-quoted form %q fails: %v", in, words, requote(words), err)
		}
		if !slices.Equal(again, words) {
			t.Fatalf("Split(%q) = %q, but its re-quoted form %q splits into %q", in, words, requote(words), again)
		}
	})
}
