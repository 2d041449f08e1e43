package cli

import "testing"

// TestConvert checks the JSON text a flag's word becomes, or the refusal of
// it: a number or integer as JSON writes it, with at most a "+" and zeros
// before it, keeps every digit, and any other spelling is refused.
func TestConvert(t *testing.T) {
	tests := []struct {
		typ, word string
		want      string // the JSON text, or the error when err is set
		err       bool
	}{
		{"string", `a "b" <c>`, `"a \"b\" <c>"`, false},
		{"string", "\xff", `"\xff" is not valid UTF-8`, true},
		{"integer", "+5", "5", false},
		{"integer", "007", "7", false},
		{"integer", "-0", "0", false},
		{"integer", "18446744073709551615", "18446744073709551615", false},
		{"integer", "+18446744073709551615", "18446744073709551615", false},
		{"integer", "-9223372036854775809", "-9223372036854775809", false},
		{"integer", "1e3", "1e3", false},
		{"integer", "2.0", "2.0", false},
		{"integer", "150e-1", "150e-1", false},
		{"integer", "0.0e5", "0.0e5", false},
		{"integer", "1E+0000000000000000000000003", "1E+0000000000000000000000003", false},
		{"integer", "1e999999999999999999999", "1e999999999999999999999", false},
		{"integer", "1e-999999999999999999999", `expected integer, got "1e-999999999999999999999"`, true},
		{"integer", "15e-1", `expected integer, got "15e-1"`, true},
		{"integer", "1.5", `expected integer, got "1.5"`, true},
		{"integer", "ten", `expected integer, got "ten"`, true},
		{"integer", "0123456789012345678901", "123456789012345678901", false},
		{"integer", "+99999999999999999999999", "99999999999999999999999", false},
		{"integer", "+1e3", "1e3", false},
		{"integer", "-007", "-7", false},
		{"integer", "+-5", `expected integer, got "+-5"; write it in decimal digits, as in 12, -3 or 1e3`, true},
		{"integer", "++5", `expected integer, got "++5"; write it in decimal digits, as in 12, -3 or 1e3`, true},
		{"integer", "1_000", `expected integer, got "1_000"; write it in decimal digits, as in 12, -3 or 1e3`, true},
		{"integer", "0x10", `expected integer, got "0x10"; write it in decimal digits, as in 12, -3 or 1e3`, true},
		{"integer", "+1.5", `expected integer, got "+1.5"`, true},
		{"integer", "", `expected integer, got ""`, true},
		{"number", "12345678901234567890.5", "12345678901234567890.5", false},
		{"number", "+1.5", "1.5", false},
		{"number", ".5", "0.5", false},
		{"number", "-.5", "-0.5", false},
		{"number", "+12345678901234567891", "12345678901234567891", false},
		{"number", "+0.10000000000000000001", "0.10000000000000000001", false},
		{"number", "-0.10000000000000000001", "-0.10000000000000000001", false},
		{"number", "+1e999", "1e999", false},
		{"number", "007.50", "7.50", false},
		{"number", "00", "0", false},
		{"number", "0x1p-2", `expected number, got "0x1p-2"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", "0x10", `expected number, got "0x10"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", "1_000", `expected number, got "1_000"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", "5.", `expected number, got "5."; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", ".", `expected number, got "."`, true},
		{"number", "+-1", `expected number, got "+-1"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", "+", `expected number, got "+"`, true},
		{"number", "", `expected number, got ""`, true},
		{"number", "+Inf", `expected number, got "+Inf"`, true},
		{"number", "Inf", `expected number, got "Inf"`, true},
		{"number", "NaN", `expected number, got "NaN"`, true},
		{"number", "1e400x", `expected number, got "1e400x"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"number", "0x1p99999", `expected number, got "0x1p99999"; write it in decimal digits, as in 12, -0.5 or 1e3`, true},
		{"boolean", "T", "true", false},
		{"boolean", "False", "false", false},
		{"boolean", "yes", `expected true or false, got "yes"`, true},
		{"object", "x", `"x" cannot be given as a flag value of type "object"`, true},
	}
	for _, tc := range tests {
		got, err := convert(tc.typ, tc.word)
		switch {
		case tc.err && (err == nil || err.Error() != tc.want):
			t.Errorf("convert(%s, %q) error %v, want %s", tc.typ, tc.word, err, tc.want)
		case !tc.err && (err != nil || string(got) != tc.want):
			t.Errorf("convert(%s, %q) = %s, %v; want %s", tc.typ, tc.word, got, err, tc.want)
		}
	}
}
