package agenttool

import (
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func TestPlainInteger(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when n is not written in plain digits
	}{
		{"0", "0"},
		{"-0", "0"},
		{"-0.0e5", "0"},
		{"0e-99", "0"},
		{"0e-99999", ""},
		{"7", "7"},
		{"007", "7"},
		{"-12", "-12"},
		{"2.0", "2"},
		{"2.50e1", "25"},
		{"1e3", "1000"},
		{"1E+3", "1000"},
		{"-1.5e1", "-15"},
		{"1500e-2", "15"},
		{"1500e-3", ""},
		{"1.5", ""},
		{"1e-400", ""},
		{"1e-9223372036854775808", ""},
		{"1e9223372036854775807", ""},
		{"1e99999999999999999999", ""},
		{"1e20", ""},
		{"1e19", "10000000000000000000"},
		{"-18446744073709551615e0", "-18446744073709551615"},
		{"123456789012345678900000000000e-10", "12345678901234567890"},
		{"123456789012345678901234567890e-10", ""},
		{"123456789012345678901234567890e0", ""},
	}
	for _, tt := range tests {
		got, ok := plainInteger(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("plainInteger(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.want != "")
		}
	}
}

// FuzzPlainInteger holds plainInteger to exact rational arithmetic: what it
// writes is plain digits of the same value, and what it refuses is not a
// whole number or has too many digits.
func FuzzPlainInteger(f *testing.F) {
	for _, seed := range []string{"0", "-0.0", "2.50e1", "1e3", "1500e-3", "1e-400", "1e400", "-7"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, n string) {
		if !isJSONNumber(n) {
			return
		}
		got, ok := plainInteger(n)
		// Exponents far outside what plainInteger reads would make the
		// reference slow; they are refused without arithmetic.
		_, expText, hasExp := strings.Cut(strings.ToLower(n), "e")
		exp, err := strconv.Atoi(strings.TrimPrefix(expText, "+"))
		if hasExp && (err != nil || exp > maxPlainDigits || exp < -maxExponent) {
			if ok {
				t.Fatalf("plainInteger(%q) = %q, want a refusal", n, got)
			}
			return
		}
		want, _ := new(big.Rat).SetString(n)
		if !ok {
			if want.IsInt() && len(want.Num().String()) <= maxPlainDigits {
				t.Fatalf("plainInteger(%q) refused %s", n, want.Num())
			}
			return
		}
		if got != want.Num().String() || !want.IsInt() {
			t.Fatalf("plainInteger(%q) = %q, want %s", n, got, want.RatString())
		}
	})
}

// isJSONNumber reports whether s is a number as JSON writes one.
func isJSONNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits := func(s string) (rest string, ok bool) {
		i := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return s[i:], i > 0
	}
	var ok bool
	if strings.HasPrefix(s, "0") {
		s = s[1:]
	} else if s, ok = digits(s); !ok {
		return false
	}
	if rest, found := strings.CutPrefix(s, "."); found {
		if s, ok = digits(rest); !ok {
			return false
		}
	}
	if len(s) > 0 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if s, ok = digits(s); !ok {
			return false
		}
	}
	return s == ""
}
