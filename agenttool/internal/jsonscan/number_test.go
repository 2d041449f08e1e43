package jsonscan

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// numberCases are literals with what Number, Integer and PlainInteger (to
// 20 digits) make of them; plain "" means refused.
var numberCases = []struct {
	in      string
	number  bool
	integer bool
	plain   string
}{
	{"0", true, true, "0"},
	{"-0", true, true, "0"},
	{"-0.0e5", true, true, "0"},
	{"0e-99", true, true, "0"},
	{"0e-99999", true, true, "0"},
	{"0.000e99999999999999999999", true, true, "0"},
	{"7", true, true, "7"},
	{"-12", true, true, "-12"},
	{"2.0", true, true, "2"},
	{"2.50e1", true, true, "25"},
	{"1e3", true, true, "1000"},
	{"1E+3", true, true, "1000"},
	{"-1.5e1", true, true, "-15"},
	{"1500e-2", true, true, "15"},
	{"100e-2", true, true, "1"},
	{"1500e-3", true, false, ""},
	{"1.5", true, false, ""},
	{"1e-400", true, false, ""},
	{"1.0000000000000000001", true, false, ""},
	{"1e-9223372036854775808", true, false, ""},
	{"1e-99999999999999999999", true, false, ""},
	{"1e400", true, true, ""},
	{"1e9223372036854775807", true, true, ""},
	{"1e99999999999999999999", true, true, ""},
	{"1e20", true, true, ""},
	{"1e19", true, true, "10000000000000000000"},
	{"-18446744073709551615e0", true, true, "-18446744073709551615"},
	{"123456789012345678900000000000e-10", true, true, "12345678901234567890"},
	{"123456789012345678901234567890e-10", true, false, ""},
	{"123456789012345678901234567890e0", true, true, ""},
	{"", false, false, ""},
	{"-", false, false, ""},
	{"007", false, false, ""},
	{"+1", false, false, ""},
	{".5", false, false, ""},
	{"1.", false, false, ""},
	{"1e", false, false, ""},
	{"1e+", false, false, ""},
	{"0x10", false, false, ""},
	{"1_000", false, false, ""},
	{"Inf", false, false, ""},
	{" 1", false, false, ""},
}

func TestNumbers(t *testing.T) {
	for _, tt := range numberCases {
		t.Run(tt.in, func(t *testing.T) {
			if got := Number(tt.in); got != tt.number {
				t.Errorf("Number(%q) = %v, want %v", tt.in, got, tt.number)
			}
			if got := Integer(tt.in); got != tt.integer {
				t.Errorf("Integer(%q) = %v, want %v", tt.in, got, tt.integer)
			}
			if got := Integer([]byte(tt.in)); got != tt.integer {
				t.Errorf("Integer([]byte(%q)) = %v, want %v", tt.in, got, tt.integer)
			}
			got, ok := PlainInteger(tt.in, 20)
			if ok != (tt.plain != "") || got != tt.plain {
				t.Errorf("PlainInteger(%q, 20) = %q, %v; want %q, %v", tt.in, got, ok, tt.plain, tt.plain != "")
			}
		})
	}
}

// FuzzPlainInteger holds Number to the grammar of RFC 8259, and Integer
// and PlainInteger to exact rational arithmetic:
// PlainInteger writes plain digits of the same value, and refuses only what
// is not a whole number or has more than 20 digits.
func FuzzPlainInteger(f *testing.F) {
	for _, tt := range numberCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, n string) {
		number := Number(n)
		if number != refNumber(n) {
			t.Fatalf("Number(%q) = %v", n, number)
		}
		integer := Integer(n)
		got, ok := PlainInteger(n, 20)
		if !number {
			if integer || ok {
				t.Fatalf("%q is not a number, yet Integer says %v and PlainInteger %q, %v", n, integer, got, ok)
			}
			return
		}
		// Exponents far outside any Go integer would make the reference
		// slow; the answer follows from the sign of the exponent alone once
		// it is beyond the digits of the mantissa, which bound both the
		// digits after the point and the zeros before it.
		if mant, e, found := strings.Cut(strings.ToLower(n), "e"); found {
			if exp, err := strconv.Atoi(e); err != nil || exp > 1000+len(mant) || exp < -1000-len(mant) {
				zero := strings.Trim(strings.Split(strings.ToLower(n), "e")[0], "-0.") == ""
				wantInt := zero || !strings.HasPrefix(e, "-")
				if integer != wantInt || ok != zero {
					t.Fatalf("%q: Integer %v, PlainInteger %q, %v", n, integer, got, ok)
				}
				return
			}
		}
		want, _ := new(big.Rat).SetString(n)
		if integer != want.IsInt() {
			t.Fatalf("Integer(%q) = %v, but the value is %s", n, integer, want.RatString())
		}
		switch {
		case !ok && want.IsInt() && len(strings.TrimPrefix(want.Num().String(), "-")) <= 20:
			t.Fatalf("PlainInteger(%q) refused %s", n, want.Num())
		case ok && (got != want.Num().String() || !want.IsInt()):
			t.Fatalf("PlainInteger(%q) = %q, want %s", n, got, want.RatString())
		}
	})
}

// refNumber is the number grammar of RFC 8259 written as a regular
// expression.
var refNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`).MatchString

// decomposeCases are literals with what Decompose makes of them, the
// exponent in decimal; ok false means refused.
var decomposeCases = []struct {
	in  string
	neg bool
	sig string
	exp string
	ok  bool
}{
	{"0", false, "", "0", true},
	{"-0.0e5", false, "", "0", true},
	{"0e99999999999999999999", false, "", "0", true},
	{"-12", true, "12", "0", true},
	{"1500e-3", false, "15", "-1", true},
	{"0.00120", false, "12", "-4", true},
	{"2.50e1", false, "25", "0", true},
	{"1e007", false, "1", "7", true},
	{"1E+3", false, "1", "3", true},
	{"1e1073741824", false, "1", "1073741824", true},
	{"1e1073741825", false, "1", "1073741825", true},
	{"10e9223372036854775807", false, "1", "9223372036854775808", true},
	{"1e99999999999999999999", false, "1", "99999999999999999999", true},
	{"-1.5e-99999999999999999999", true, "15", "-100000000000000000000", true},
	{"1e-0", false, "1", "0", true},
	{"1E+00000000000000000000000001", false, "1", "1", true},
	{"1e" + strings.Repeat("9", MaxExpDigits), false, "1", strings.Repeat("9", MaxExpDigits), true},
	{"10e" + strings.Repeat("9", MaxExpDigits+1), false, "1", "1" + strings.Repeat("0", MaxExpDigits-1) + "1", true},
	{"0.1e-" + strings.Repeat("7", 4*MaxExpDigits), false, "1", "-1" + strings.Repeat("0", MaxExpDigits-1) + "1", true},
	{"1.", false, "", "", false},
	{"1e+-3", false, "", "", false},
}

func TestDecompose(t *testing.T) {
	for _, tt := range decomposeCases {
		neg, sig, exp, ok := Decompose(tt.in)
		got := ""
		if exp != nil {
			got = exp.String()
		}
		if neg != tt.neg || sig != tt.sig || got != tt.exp || ok != tt.ok {
			t.Errorf("Decompose(%q) = %v, %q, %s, %v; want %v, %q, %s, %v", tt.in, neg, sig, got, ok, tt.neg, tt.sig, tt.exp, tt.ok)
		}
	}
}

// FuzzDecompose holds Decompose to exact arithmetic for exponents of any
// length, one of more than MaxExpDigits digits taken as ±10^MaxExpDigits: the mantissa as written, read by big.Rat, over sig must be ten
// to the power of the written exponent's distance from exp, which the
// length of the mantissa bounds, so that no huge power is ever expanded.
func FuzzDecompose(f *testing.F) {
	for _, tt := range decomposeCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, n string) {
		neg, sig, exp, ok := Decompose(n)
		if ok != refNumber(n) {
			t.Fatalf("Decompose(%q) says ok %v", n, ok)
		}
		if !ok {
			return
		}
		mant, written, _ := strings.Cut(strings.ToLower(n), "e")
		m, _ := new(big.Rat).SetString(mant)
		if sig == "" {
			if m.Sign() != 0 || neg || exp.Sign() != 0 {
				t.Fatalf("Decompose(%q) = %v, %q, %s: zero must be \"\", 0, not negative", n, neg, sig, exp)
			}
			return
		}
		if strings.HasPrefix(sig, "0") || strings.HasSuffix(sig, "0") || neg != (m.Sign() < 0) {
			t.Fatalf("Decompose(%q) = %v, %q", n, neg, sig)
		}
		w := new(big.Int)
		if written != "" {
			w.SetString(strings.TrimPrefix(written, "+"), 10)
		}
		if len(strings.TrimLeft(written, "+-0")) > MaxExpDigits {
			w.Exp(big.NewInt(10), big.NewInt(MaxExpDigits), nil)
			if strings.HasPrefix(written, "-") {
				w.Neg(w)
			}
		}
		k := new(big.Int).Sub(exp, w) // m = ±sig×10^k
		if k.CmpAbs(big.NewInt(int64(len(mant)))) > 0 {
			t.Fatalf("Decompose(%q): exponent %s is %s from the written %s", n, exp, k, w)
		}
		s, _ := new(big.Rat).SetString(sig)
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), new(big.Int).Abs(k), nil))
		if k.Sign() < 0 {
			p.Inv(p)
		}
		if s.Mul(s, p); s.Cmp(new(big.Rat).Abs(m)) != 0 {
			t.Fatalf("Decompose(%q) = %q, %s: not the value %s", n, sig, exp, m.RatString())
		}
	})
}
