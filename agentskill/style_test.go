package agentskill

import (
	"regexp"
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
