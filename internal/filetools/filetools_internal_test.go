package filetools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTrimPartial(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"empty", "", ""},
		{"ASCII", "abc", "abc"},
		{"whole two-byte rune", "aé", "aé"},
		{"first byte of a two-byte rune", "a\xc3", "a"},
		{"two bytes of a three-byte rune", "a\xe2\x82", "a"},
		{"three bytes of a four-byte rune", "a\xf0\x9f\x99", "a"},
		{"whole four-byte rune", "a🙂", "a🙂"},
		{"stray continuation bytes stay", "a\x80\x80\x80", "a\x80\x80\x80"},
		{"an invalid byte stays", "a\xff", "a\xff"},
		{"only a lead byte", "\xe2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(trimPartial([]byte(tt.in))); got != tt.want {
				t.Errorf("trimPartial(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestIsText(t *testing.T) {
	tests := []struct {
		name string
		head string
		cut  bool
		want bool
	}{
		{"empty", "", false, true},
		{"plain", "hello\n", false, true},
		{"NUL", "a\x00b", false, false},
		{"NUL at a cut", "a\x00", true, false},
		{"invalid byte", "caf\xe9", false, false},
		{"sequence cut at the window", "caf\xc3", true, true},
		{"sequence cut at the end of the file", "caf\xc3", false, false},
		{"invalid byte at a cut", "caf\xff", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := isText([]byte(tt.head), tt.cut); got != tt.want {
				t.Errorf("isText(%q, %v) = %v, want %v", tt.head, tt.cut, got, tt.want)
			}
		})
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		in   string
		want count[maxBytesArg]
		err  string
	}{
		{in: "1000", want: 1000},
		{in: "1e3", want: 1000},
		{in: "1000.0", want: 1000},
		{in: "0", want: 0},
		{in: "-0", want: 0},
		{in: "9223372036854775807", want: math.MaxInt64},
		{in: "9007199254740993", want: 9007199254740993}, // a float64 rounds it to ...992
		{in: "9007199254740993.0", want: 9007199254740993},
		{in: "-1e999999999999", err: "max_bytes is -1e999999999999; it must not be negative"},
		{in: "1e999999999999", want: math.MaxInt64},
		{in: "99999999999999999999999", want: math.MaxInt64},
		{in: "1e400", want: math.MaxInt64},
		{in: "null", want: 7}, // unchanged
		{in: "-1", err: "max_bytes is -1; it must not be negative"},
		{in: "-1e400", err: "max_bytes is -1e400; it must not be negative"},
		{in: "1.5", err: "max_bytes is 1.5; it must be an integer"},
		{in: `"5"`, err: `max_bytes is "5"; it must be an integer`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n := count[maxBytesArg](7)
			err := n.UnmarshalJSON([]byte(tt.in))
			switch {
			case tt.err != "":
				if err == nil || err.Error() != tt.err {
					t.Errorf("error %v, want %q", err, tt.err)
				}
			case err != nil:
				t.Errorf("error %v", err)
			case n != tt.want:
				t.Errorf("got %d, want %d", n, tt.want)
			}
		})
	}
	// A position past int64 is refused as the caller gave it: saturated,
	// the message that it is past the end would name another number. A
	// hugely negative offset of read_file counts from the end and is kept.
	for _, tt := range []struct {
		n    json.Unmarshaler
		in   string
		want string
	}{
		{new(count[offsetArg]), "99999999999999999999", "offset is 99999999999999999999, past the last match of any search; it must be at most 9223372036854775807"},
		{new(count[lineArg]), "9223372036854775808", "offset is 9223372036854775808, past the end of any file; it must be at most 9223372036854775807"},
		{new(count[columnArg]), "1e999999999999", "column is 1e999999999999, past the end of any file; it must be at most 9223372036854775807"},
		{new(count[lineArg]), "-99999999999999999999", ""},
		{new(count[lineArg]), "9223372036854775807", ""},
	} {
		err := tt.n.UnmarshalJSON([]byte(tt.in))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || err.Error() != tt.want) {
			t.Errorf("%T from %s: error %v, want %q", tt.n, tt.in, err, tt.want)
		}
	}
	var line count[lineArg]
	if err := line.UnmarshalJSON([]byte("-99999999999999999999")); err != nil || line != math.MinInt64 {
		t.Errorf("read_file offset -99999999999999999999: %d, %v; want %d", line, err, int64(math.MinInt64))
	}
	// Each argument is named in its own refusals.
	var offset count[offsetArg]
	var column count[columnArg]
	var limit count[limitArg]
	for _, tt := range []struct {
		n    json.Unmarshaler
		want string
	}{
		{&offset, "offset is -2; it must not be negative"},
		{&column, "column is -2; it must not be negative"},
		{&limit, "limit is -2; it must not be negative"},
	} {
		if err := tt.n.UnmarshalJSON([]byte("-2")); err == nil || err.Error() != tt.want {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
}

func TestTempName(t *testing.T) {
	tests := []struct {
		base string
		want string // the name without its random part
	}{
		{"a.txt", ".a.txt..tmp"},
		{strings.Repeat("a", 128), "." + strings.Repeat("a", 128) + "..tmp"},
		{strings.Repeat("a", 200), "." + strings.Repeat("a", 128) + "..tmp"},
		{"a" + strings.Repeat("é", 100), ".a" + strings.Repeat("é", 63) + "..tmp"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d bytes", len(tt.base)), func(t *testing.T) {
			got := tempName(tt.base)
			i := strings.LastIndexByte(got[:len(got)-len(".tmp")], '.')
			if random := got[i+1 : len(got)-len(".tmp")]; len(random) != 26 || strings.Trim(random, "abcdefghijklmnopqrstuvwxyz234567") != "" {
				t.Errorf("random part %q, want 26 characters of lower-case base32", random)
			}
			if stripped := got[:i+1] + ".tmp"; stripped != tt.want {
				t.Errorf("tempName(%q) = %q, want %q with the random part", tt.base, got, tt.want)
			}
			if !utf8.ValidString(got) {
				t.Errorf("tempName(%q) = %q is not valid UTF-8", tt.base, got)
			}
			if !isTempName(got) {
				t.Errorf("isTempName(%q) is false", got)
			}
		})
	}
	for _, name := range []string{
		"a.tmp", ".a.txt.tmp", "a.txt.abcdefghijklmnopqrstuvwxyz.tmp", ".a.txt.abcdefghijklmnopqrstuvwxy1.tmp",
		".a.txt.abcdefghijklmnopqrstuvwxyz.tmpx", ".a.txt.Abcdefghijklmnopqrstuvwxyz.tmp", ".a.txtabcdefghijklmnopqrstuvwxyz.tmp",
	} {
		if isTempName(name) {
			t.Errorf("isTempName(%q) is true", name)
		}
	}
	if a, b := tempName("x"), tempName("x"); a == b {
		t.Errorf("two temporary names are both %q", a)
	}
}

func FuzzResolve(f *testing.F) {
	for _, p := range []string{
		"data.txt", "./a/b", "a/../data.txt", "../x", "a/../../x", "", ".", "..", "/", "//x",
		"a//b", "~/x", "a\x00b", `a\..\..\x`, "C:x", "/tmp/x", "a/./.././b", "....", ".../x",
	} {
		f.Add(p)
	}
	root := f.TempDir()
	// On some systems the temporary directory is reached through a link
	// (/var is /private/var on macOS); an absolute path may use either.
	resolved, err := filepath.EvalSymlinks(root)
	if err != nil {
		f.Fatal(err)
	}
	t := &tree{dir: root}
	f.Fuzz(func(tt *testing.T, p string) {
		rel, err := t.resolve(p)
		if err != nil {
			nul := strings.IndexByte(p, 0) >= 0
			if msg := err.Error(); !strings.HasPrefix(msg, "the path is empty;") && msg != fmt.Sprintf("path %q is outside the working tree", p) &&
				(!nul || msg != fmt.Sprintf("path %q holds a NUL byte, which no file name can", p)) {
				tt.Fatalf("resolve(%q): unexpected error %q", p, msg)
			}
			return
		}
		if rel != "." && !filepath.IsLocal(rel) {
			tt.Fatalf("resolve(%q) = %q, which is not local", p, rel)
		}
		if filepath.Clean(rel) != rel {
			tt.Fatalf("resolve(%q) = %q, which is not clean", p, rel)
		}
		// The result names the same place as the argument did.
		if !filepath.IsAbs(p) {
			if got, want := filepath.Join(root, rel), filepath.Join(root, p); got != want {
				tt.Fatalf("resolve(%q) = %q, which is %q, not %q", p, rel, got, want)
			}
			return
		}
		if want := filepath.Clean(p); filepath.Join(root, rel) != want && filepath.Join(resolved, rel) != want {
			tt.Fatalf("resolve(%q) = %q, which is not %q under %q or %q", p, rel, want, root, resolved)
		}
	})
}

func FuzzTrimPartial(f *testing.F) {
	f.Add([]byte("héllo 🙂 wörld"), uint(2))
	f.Add([]byte("a\xe2\x82"), uint(3))
	f.Add([]byte("\xff\x80\x80\x80"), uint(4))
	f.Fuzz(func(t *testing.T, b []byte, cut uint) {
		got := trimPartial(b)
		if !bytes.HasPrefix(b, got) || len(b)-len(got) >= utf8.UTFMax {
			t.Fatalf("trimPartial(%q) = %q", b, got)
		}
		// Cutting valid text anywhere and trimming leaves valid text that
		// ends at the last character boundary before the cut.
		if !utf8.Valid(b) || len(b) == 0 {
			return
		}
		k := int(cut % uint(len(b)+1))
		trimmed := trimPartial(b[:k])
		if !utf8.Valid(trimmed) {
			t.Fatalf("trimPartial(%q) = %q, not valid UTF-8", b[:k], trimmed)
		}
		j := k
		for j > 0 && j < len(b) && !utf8.RuneStart(b[j]) {
			j--
		}
		if len(trimmed) != j {
			t.Fatalf("trimPartial(%q) kept %d bytes, want %d", b[:k], len(trimmed), j)
		}
	})
}

func FuzzClip(f *testing.F) {
	f.Add([]byte("short"))
	f.Add([]byte(strings.Repeat("y", 301)))
	f.Add([]byte("x" + strings.Repeat("é", 200)))
	f.Add([]byte("noise" + strings.Repeat("\x80", 400)))
	f.Add([]byte(strings.Repeat("a", 298) + "🙂🙂"))
	f.Fuzz(func(t *testing.T, line []byte) {
		got := clip(line)
		if len(line) <= maxLine {
			if got != string(line) {
				t.Fatalf("clip(%q) = %q, want the line unchanged", line, got)
			}
			return
		}
		kept, ok := strings.CutSuffix(got, "…")
		if !ok || !strings.HasPrefix(string(line), kept) {
			t.Fatalf("clip(%q) = %q, want a prefix of the line and …", line, got)
		}
		// A cut moves back at most to the start of the character it
		// would split.
		if len(kept) > maxLine || len(kept) < maxLine-(utf8.UTFMax-1) {
			t.Fatalf("clip(%q) kept %d bytes, want %d to %d", line, len(kept), maxLine-(utf8.UTFMax-1), maxLine)
		}
		if utf8.Valid(line) && !utf8.ValidString(kept) {
			t.Fatalf("clip(%q) = %q, which splits a character", line, got)
		}
	})
}

// FuzzShownMatch holds a matching line as search prints it to a piece of
// the line, at most 300 bytes between the marks of a cut, that holds the
// start of the line's first match, up to 200 bytes of it.
func FuzzShownMatch(f *testing.F) {
	f.Add([]byte("short line"), "line")
	f.Add([]byte(strings.Repeat("x", 1000)+" NEEDLE"), "NEEDLE")
	f.Add([]byte(strings.Repeat("é", 600)+"NEEDLE"), "NEEDLE")
	f.Add([]byte(strings.Repeat("a", 400)+"b"), "a+b")
	f.Add([]byte(strings.Repeat("\x80", 500)+"z"), "z$")
	f.Fuzz(func(t *testing.T, line []byte, pattern string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		loc := re.FindIndex(line)
		if loc == nil {
			return
		}
		s := &searcher{re: re}
		m := s.shownMatch(line, 1)
		if m.long != (len(line) > maxLine) {
			t.Fatalf("long %v for a line of %d bytes", m.long, len(line))
		}
		inner := strings.TrimSuffix(m.text, "…")
		inner = strings.TrimPrefix(inner, "…")
		if len(inner) > maxLine || !strings.Contains(string(line), inner) {
			t.Fatalf("shown %q for %q, want at most %d bytes of it", m.text, line, maxLine)
		}
		if first := string(line[loc[0]:min(loc[1], loc[0]+200)]); !strings.Contains(inner, first) {
			t.Fatalf("shown %q for %q, which leaves out the start of the match %q", m.text, line, first)
		}
	})
}

// TestPatternError checks the refusal of a pattern in full: a glob given
// as the pattern is pointed to --glob, and nothing else is.
func TestPatternError(t *testing.T) {
	for _, tt := range []struct{ pattern, want string }{
		{"*.go", "pattern \"*.go\": error parsing regexp: missing argument to repetition operator: `*`; --pattern is a regexp, matched against lines, and --glob '*.go' picks files by name"},
		{"**/*_test.go", "pattern \"**/*_test.go\": error parsing regexp: missing argument to repetition operator: `*`; --pattern is a regexp, matched against lines, and --glob '**/*_test.go' picks files by name"},
		{"* x", "pattern \"* x\": error parsing regexp: missing argument to repetition operator: `*`"},
		{"a(*", "pattern \"a(*\": error parsing regexp: missing argument to repetition operator: `*`"},
		{"[", "pattern \"[\": error parsing regexp: missing closing ]: `[`"},
	} {
		_, err := regexp.Compile(tt.pattern)
		if got := patternError(tt.pattern, err).Error(); got != tt.want {
			t.Errorf("patternError(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"logo.png", "logo.png"},
		{"ünï cödé.png", "ünï cödé.png"},
		{"two\nlines.png", "two_lines.png"},
		{"cr\r.bin", "cr_.bin"},
		{"tab\there", "tab_here"},
		{"esc\x1b[31m", "esc_[31m"},
		{"del\x7f", "del_"},
		{"c1\u0085", "c1_"},
		{"line\u2028para\u2029", "line_para_"},
		{"latin1 caf\xe9", "latin1 caf_"},
		{"replacement \uFFFD kept", "replacement \uFFFD kept"},
		{"right-to-left override \u202Egnp.exe", "right-to-left override _gnp.exe"},
		{"embedding\u202A isolate\u2066 pop\u2069", "embedding_ isolate_ pop_"},
		{"zero\u200Bwidth\u200C join\u200D", "zero_width_ join_"},
		{"\uFEFFbom.txt", "_bom.txt"},
		{"joiner in emoji kept apart \u2060", "joiner in emoji kept apart \u2060"},
	}
	for _, tt := range tests {
		if got := printable(tt.in); got != tt.want {
			t.Errorf("printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShownName(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"main.go", "main.go"},
		{"a b/c d.txt", "a b/c d.txt"},
		{"trail ", `"trail "`},
		{" lead.txt", `" lead.txt"`},
		{"dir /x", `"dir /x"`},
		{"dir/ x", `"dir/ x"`},
		{`"quoted"`, `"\"quoted\""`},
		{"two\nlines", `"two\nlines"`},
		{"café.txt", "café.txt"},
	}
	for _, tt := range tests {
		if got := shownName(tt.in); got != tt.want {
			t.Errorf("shownName(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// FuzzCount reads JSON numbers as counts: none panics, an integer that
// int64 holds is read exactly, and a refusal names the number as given.
func FuzzCount(f *testing.F) {
	for _, s := range []string{"0", "-0", "1e3", "1000.0", "9007199254740993", "9223372036854775807",
		"9223372036854775808", "-9223372036854775809", "1e400", "-1e999999999999", "1.5", "2.5e-1", "0.0e5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) || s == "" || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
			return
		}
		var line count[lineArg]
		var column count[columnArg]
		var limit count[limitArg]
		errLine, errColumn, errLimit := line.UnmarshalJSON([]byte(s)), column.UnmarshalJSON([]byte(s)), limit.UnmarshalJSON([]byte(s))
		for _, err := range []error{errLine, errColumn, errLimit} {
			if err != nil && !strings.Contains(err.Error(), " is "+s+",") && !strings.Contains(err.Error(), " is "+s+";") {
				t.Fatalf("refusal of %s does not name it: %v", s, err)
			}
		}
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			if errLine != nil || int64(line) != v {
				t.Fatalf("offset %s: %d, %v; want %d", s, line, errLine, v)
			}
			if v >= 0 && (errColumn != nil || int64(column) != v || errLimit != nil || int64(limit) != v) {
				t.Fatalf("%s: column %d, %v; limit %d, %v; want %d", s, column, errColumn, limit, errLimit, v)
			}
			if v < 0 && (errColumn == nil || errLimit == nil) {
				t.Fatalf("%s: a negative column or limit was accepted", s)
			}
		}
		// What a position accepts, the amount of the same sign accepts too.
		if errColumn == nil && (errLimit != nil || column != count[columnArg](limit)) {
			t.Fatalf("%s: column %d, limit %d, %v", s, column, limit, errLimit)
		}
	})
}

// TestUnwritten checks what a write's failure says once the call's context
// ended: that nothing was written, with the cause named once, and only when
// the end is what failed it.
func TestUnwritten(t *testing.T) {
	t.Parallel()
	live := context.Background()
	plain, cancel := context.WithCancel(live)
	cancel()
	signalled, cancelCause := context.WithCancelCause(live)
	why := errors.New("interrupt signal received")
	cancelCause(why)
	other := errors.New("disk full")
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want string // "" for nil
	}{
		{"no error", signalled, nil, ""},
		{"a live call", live, other, "disk full"},
		{"another failure after the end", signalled, other, "disk full"},
		{"the end, with a cause", signalled, fmt.Errorf("asking: %w", context.Canceled), "asking: context canceled (interrupt signal received); nothing was written"},
		{"the end, its cause named already", signalled, fmt.Errorf("%w (%w)", context.Canceled, why), "context canceled (interrupt signal received); nothing was written"},
		{"the end, without a cause", plain, context.Canceled, "context canceled; nothing was written"},
	}
	for _, tt := range tests {
		got := unwritten(tt.ctx, tt.err)
		switch {
		case tt.want == "" && got != nil, tt.want != "" && (got == nil || got.Error() != tt.want):
			t.Errorf("%s: unwritten = %v, want %q", tt.name, got, tt.want)
		case tt.want != "" && errors.Is(tt.err, context.Canceled) && !errors.Is(got, context.Canceled):
			t.Errorf("%s: %v no longer matches context.Canceled", tt.name, got)
		}
	}
}

// TestAccentOnly checks which two names are taken for one name in
// Unicode's composed and decomposed forms: Latin letters with their
// accents, not names of other scripts whose marks are combined too.
func TestAccentOnly(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"cafe\u0301.txt", "caf\u00e9.txt", true},
		{"re\u0301sume\u0301.txt", "r\u00e9sum\u00e9.txt", true},
		{"cafe.txt", "caf\u00e9.txt", false},                  // no mark taken out
		{"caf\u00e9.txt", "caf\u00e9.txt", false},             // the same
		{"\u307b\u3099\u304f.txt", "\u306d\u3053.txt", false}, // kana, other letters
		{"\u304b\u3099\u3063\u3053\u3046.txt", "\u3068\u3082\u3060\u3061.txt", false},
		{"\u043c\u043e\u0438\u0306", "\u0434\u043e\u043c", false}, // Cyrillic
		{"ae\u0301b", "\u00e9\u00e9b", false},                     // two places differ, one mark
	} {
		if got := accentOnly(tt.a, tt.b); got != tt.want {
			t.Errorf("accentOnly(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
