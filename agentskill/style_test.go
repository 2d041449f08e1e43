package agentskill

import (
	"regexp"
	"strings"
	"testing"
)

// The patterns that resolvable, isCoreDecimal and isCoreFloat match by
// hand, written as regular expressions to check them against.
const (
	resolvablePattern = `^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N` +
		`|[-+]?(\.[0-9][0-9_]*|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?` +
		`|[-+]?0(b[01_]+|o[0-7_]+|x[0-9a-fA-F_]+)` +
		`|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?` +
		`|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)` +
		`|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:?[0-9]{2})?))?)?` +
		`|<<|=)$`
	coreIntPattern   = `^[-+]?[0-9]+$`
	coreFloatPattern = `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
)

// matcherCases are strings near the edges of the patterns.
var matcherCases = []string{
	"", "~", "null", "nULL", "y", "yes", "YeS", "=", "<<", "<",
	"0", "-0", "+7", "007", "1_000", "_1", "1__", "1.", ".", ".5", "._5", "._", "-.5_", "1.2.3", "1e3", "1e", "1e+", "1E-07", "1.0e+21", "e3",
	"0b101", "0b", "0b2", "-0o17", "0o", "0o8", "0x1F", "0x_", "0xg", "+0x1", "00x1",
	"1:30", "1:60", "1:5", "1:", ":30", "190:20:30.15", "1:30:", "1:30.5_", "-1:2:3", "1_0:1", "1:300",
	".inf", "-.Inf", "+.INF", ".iNf", ".nan", "-.nan", ".NaN",
	"2024-01-01", "2024-1-1", "24-01-01", "20240-01-01", "2024-01-011", "2024-01-01T10:20:30", "2024-01-01t1:02:03",
	"2024-01-01 10:20:30", "2024-01-01 \t 10:20:30", "2024-01-01T10:20:30.", "2024-01-01T10:20:30.123Z",
	"2024-01-01T10:20:30 Z", "2024-01-01T10:20:30+5", "2024-01-01T10:20:30-0530", "2024-01-01T10:20:30+530",
	"2024-01-01T10:20:30+05:30", "2024-01-01T10:20:30+5:30", "2024-01-01T10:20:30+05:3", "2024-01-01T10:20:30+05300",
	"2024-01-01T10:20:30 ", "2024-01-01T10:20", "2024-01-01T", "2024-01-01 ", "2024-01-01X10:20:30",
	"2024-01-01T10:20:30+", "2024-01-01T10:20:30Z1", "2024-01-01T10:20:30:", "1.5.2024",
}

func TestMatchersAgreeWithPatterns(t *testing.T) {
	p := compilePatterns()
	for _, s := range matcherCases {
		p.check(t, s)
	}
}

// patterns holds the regular expressions the matchers stand in for.
type patterns struct{ resolvable, coreInt, coreFloat *regexp.Regexp }

func compilePatterns() patterns {
	return patterns{
		resolvable: regexp.MustCompile(resolvablePattern),
		coreInt:    regexp.MustCompile(coreIntPattern),
		coreFloat:  regexp.MustCompile(coreFloatPattern),
	}
}

// check fails the test when a hand-written matcher disagrees with its
// regular expression on s.
func (p patterns) check(t *testing.T, s string) {
	t.Helper()
	if got, want := resolvable(s), p.resolvable.MatchString(s); got != want {
		t.Errorf("resolvable(%q) = %v, want %v", s, got, want)
	}
	if got, want := isCoreDecimal(s), p.coreInt.MatchString(s); got != want {
		t.Errorf("isCoreDecimal(%q) = %v, want %v", s, got, want)
	}
	if got, want := isCoreFloat(s), p.coreFloat.MatchString(s); got != want {
		t.Errorf("isCoreFloat(%q) = %v, want %v", s, got, want)
	}
}

func FuzzMatchers(f *testing.F) {
	for _, s := range matcherCases {
		f.Add(s)
	}
	p := compilePatterns()
	f.Fuzz(func(t *testing.T, s string) {
		p.check(t, s)
	})
}

// styleExamples are the examples of how a string is written after "k:".
// A block is shown with its lines at two columns, as under a top-level key.
var styleExamples = []struct {
	in, out string
}{
	{"plain", "plain"},
	{"v1.2.3", "v1.2.3"},
	{"(devel)", "(devel)"},
	{"a:b", "a:b"},
	{"a#b", "a#b"},
	{"-a", "-a"},
	{"it's", "it's"},
	{`say "hi"`, `say "hi"`},
	{`a\b`, `a\b`},
	{"a,b", "a,b"},
	{"x[1]", "x[1]"},
	{"café", "café"},
	{"Smile 😀 ok", "Smile 😀 ok"},
	{"", `""`},
	{"true", `"true"`},
	{"null", `"null"`},
	{"~", `"~"`},
	{"1", `"1"`},
	{"1.0", `"1.0"`},
	{"0x1F", `"0x1F"`},
	{"017", `"017"`},
	{"1e3", `"1e3"`},
	{".5", `".5"`},
	{".inf", `".inf"`},
	{"2024-01-01", `"2024-01-01"`},
	{"yes", `"yes"`},
	{"off", `"off"`},
	{"y", `"y"`},
	{"12:30", `"12:30"`},
	{"1_000", `"1_000"`},
	{"<<", `"<<"`},
	{"a: b", "'a: b'"},
	{"a #b", "'a #b'"},
	{"a:", "'a:'"},
	{"#a", "'#a'"},
	{"- a", "'- a'"},
	{"-", "'-'"},
	{"?", "'?'"},
	{":", "':'"},
	{"[x]", "'[x]'"},
	{"{x}", "'{x}'"},
	{"&a", "'&a'"},
	{"*a", "'*a'"},
	{"!a", "'!a'"},
	{">a", "'>a'"},
	{"%a", "'%a'"},
	{"@a", "'@a'"},
	{"---", "'---'"},
	{"...", "'...'"},
	{" ", "' '"},
	{"a ", "'a '"},
	{" a", "' a'"},
	{"|a", "'|a'"},
	{"'q'", "'''q'''"},
	{`"q"`, `'"q"'`},
	{"tab\tx", `"tab\tx"`},
	{"a\rb", `"a\rb"`},
	{"\u2028", `"\L"`},
	{"trail \nx", `"trail \nx"`},
	{"one\ntwo", "|-\n  one\n  two"},
	{"one\ntwo\n", "|\n  one\n  two"},
	{"one\ntwo\n\n", "|+\n  one\n  two\n"},
	{"\n", "|2+\n"},
	{" lead\nx", "|2-\n   lead\n  x"},
}

func TestEncodeStyleExamples(t *testing.T) {
	for _, ex := range styleExamples {
		t.Run(ex.in, func(t *testing.T) {
			t.Run("description", func(t *testing.T) {
				s := &Skill{Name: "x", Description: ex.in}
				got := encodeString(t, s)
				want := fm("name: x", "description: "+ex.out)
				if got != want {
					t.Errorf("Encode:\n%s", lineDiff(want, got))
				}
				back := mustParse(t, got)
				if back.Description != strings.TrimSpace(ex.in) {
					t.Errorf("read back %q, want %q", back.Description, strings.TrimSpace(ex.in))
				}
			})
			t.Run("metadata value", func(t *testing.T) {
				s := &Skill{Name: "x", Description: "d", Metadata: map[string]string{"k": ex.in}}
				got := encodeString(t, s)
				// Under metadata a block is indented four columns.
				out := strings.ReplaceAll(ex.out, "\n  ", "\n    ")
				want := fm("name: x", "description: d", "metadata:", "  k: "+out)
				if got != want {
					t.Errorf("Encode:\n%s", lineDiff(want, got))
				}
				roundTrip(t, s)
			})
			if strings.Contains(ex.in, "\n") {
				return
			}
			t.Run("metadata key", func(t *testing.T) {
				s := &Skill{Name: "x", Description: "d", Metadata: map[string]string{ex.in: "v"}}
				got := encodeString(t, s)
				want := fm("name: x", "description: d", "metadata:", "  "+ex.out+": v")
				if got != want {
					t.Errorf("Encode:\n%s", lineDiff(want, got))
				}
				roundTrip(t, s)
			})
		})
	}
}

func TestChooseStyleMatchesResolvers(t *testing.T) {
	// A plain string must never be one the core schema resolves to
	// something else.
	for _, v := range hardValues() {
		if chooseStyle(v, false) != stylePlain {
			continue
		}
		if r := resolve(v); r != v {
			t.Errorf("%q is written plain but reads back as %#v", v, r)
		}
	}
}

// TestEncodeYAML11Styles pins the style of strings beyond the examples of
// the specification: values a YAML 1.1 parser would type, characters it
// takes for line breaks, blocks whose lines end in white space, and
// look-alikes that no parser types and so stay plain.
func TestEncodeYAML11Styles(t *testing.T) {
	tests := []struct {
		name, in, out string
	}{
		{"lower-case y", "y", `"y"`},
		{"upper-case N", "N", `"N"`},
		{"NO", "NO", `"NO"`},
		{"On", "On", `"On"`},
		{"YAML 1.2 octal", "0o7", `"0o7"`},
		{"YAML 1.1 octal", "0777", `"0777"`},
		{"signed binary", "-0b101", `"-0b101"`},
		{"sexagesimal int", "1:20", `"1:20"`},
		{"sexagesimal float", "190:20:30.15", `"190:20:30.15"`},
		{"negative infinity", "-.inf", `"-.inf"`},
		{"NaN", ".NaN", `".NaN"`},
		{"signed int", "+1", `"+1"`},
		{"timestamp", "2001-12-14t21:59:43.10-05:00", `"2001-12-14t21:59:43.10-05:00"`},
		{"spaced timestamp", "2001-12-14 21:59:43.10 -5", `"2001-12-14 21:59:43.10 -5"`},
		{"value key", "=", `"="`},
		{"NEL", "a\u0085b", `"a\Nb"`},
		{"paragraph separator", "\u2029", `"\P"`},
		{"byte order mark", "\ufeffa", `"\uFEFFa"`},
		{"NUL", "a\x00b", `"a\0b"`},
		{"DEL", "\x7f", `"\x7F"`},
		{"C1 control", "\u0080", `"\x80"`},
		{"non-character", "\ufffe", `"\uFFFE"`},
		{"NEL in a multi-line string", "a\n\u0085", `"a\n\N"`},
		{"tab before a line break", "a\t\nb", `"a\t\nb"`},
		{"space at the end of the last line", "a\nb ", `"a\nb "`},
		{"tab at the end of the last line", "a\nb\t", `"a\nb\t"`},
		{"space-only last line", "a\n ", `"a\n "`},
		{"tab at the start of a block line", "\ta\nb", "|-\n  \ta\n  b"},
		{"not a sexagesimal", "1:60", "1:60"},
		{"version", "1.2.3", "1.2.3"},
		{"not octal", "0o8", "0o8"},
		{"mixed-case no", "nO", "nO"},
		{"not a timestamp", "2024-01-01x", "2024-01-01x"},
		{"dot underscore", "._1", "._1"},
		{"negative NaN", "-.nan", "-.nan"},
		{"non-breaking space after a dash", "-\u00a0a", "-\u00a0a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Skill{Name: "x", Description: "d", License: tt.in}
			got := encodeString(t, s)
			want := fm("name: x", "description: d", "license: "+tt.out)
			if got != want {
				t.Errorf("Encode:\n%s", lineDiff(want, got))
			}
			roundTrip(t, s)
		})
	}
}
