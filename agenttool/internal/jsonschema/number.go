package jsonschema

import (
	"cmp"
	"encoding/json"
	"math/big"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// number is a JSON number held exactly: its value is ±sig×10^exp, sig
// being its significant digits without leading or trailing zeros, "" for
// zero, and exp as jsonscan.Decompose reads it: exact when written with
// at most jsonscan.MaxExpDigits digits. Comparing two numbers looks at
// their digits and exponents and never expands an exponent, so
// 1e999999999 costs no more than 1e3, and 1e100000000000000000000 is still
// greater than 1e99999999999999999999.
type number struct {
	neg  bool
	sig  string
	exp  *big.Int
	text string // as written, for messages
}

// parseNumber reads a JSON number literal; ok is false when s is not one.
func parseNumber(s json.Number) (number, bool) {
	neg, sig, exp, ok := jsonscan.Decompose(string(s))
	return number{neg: neg, sig: sig, exp: exp, text: string(s)}, ok
}

// integer reports whether n is a whole number.
func (n number) integer() bool { return n.sig == "" || n.exp.Sign() >= 0 }

// cmp compares n and m: -1 when n < m, 0 when they are equal, +1 when
// n > m.
func (n number) cmp(m number) int {
	ns, ms := n.signum(), m.signum()
	if ns != ms {
		return cmp.Compare(ns, ms)
	}
	return ns * n.cmpAbs(m)
}

// signum returns -1, 0 or +1 as n is negative, zero or positive.
func (n number) signum() int {
	switch {
	case n.sig == "":
		return 0
	case n.neg:
		return -1
	}
	return 1
}

// cmpAbs compares the magnitudes of two numbers that are not zero. The
// position of the leading digit decides, and when both lead at the same
// place, the digits do, read from the left: with no trailing zeros, a
// prefix is the smaller.
func (n number) cmpAbs(m number) int {
	pn := new(big.Int).Add(n.exp, big.NewInt(int64(len(n.sig))))
	pm := new(big.Int).Add(m.exp, big.NewInt(int64(len(m.sig))))
	if c := pn.Cmp(pm); c != 0 {
		return c
	}
	return strings.Compare(n.sig, m.sig)
}

// multipleOf reports whether n is a whole multiple of d, which is greater
// than zero. The quotient is (nsig/dsig)×10^k for k the difference of the
// exponents: a power of ten of either sign is handled without expanding
// it beyond the digits the numbers hold.
func (n number) multipleOf(d number) bool {
	if n.sig == "" {
		return true
	}
	a, _ := new(big.Int).SetString(n.sig, 10)
	b, _ := new(big.Int).SetString(d.sig, 10)
	k := new(big.Int).Sub(n.exp, d.exp)
	if k.Sign() < 0 {
		// a must be a multiple of b×10^-k, which has more digits than a
		// when -k alone exceeds them.
		k.Neg(k)
		if k.Cmp(big.NewInt(int64(len(n.sig)))) > 0 {
			return false
		}
		b.Mul(b, new(big.Int).Exp(big.NewInt(10), k, nil))
		return new(big.Int).Rem(a, b).Sign() == 0
	}
	// a×10^k is a multiple of b when b's part prime to a divides 10^k:
	// it holds no primes but 2 and 5, each at most k times.
	b.Quo(b, new(big.Int).GCD(nil, nil, a, b))
	for _, p := range [...]int64{2, 5} {
		prime, times := big.NewInt(p), 0
		r := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(b, prime, r)
			if rem.Sign() != 0 {
				break
			}
			b, times = q, times+1
		}
		if k.Cmp(big.NewInt(int64(times))) < 0 {
			return false
		}
	}
	return b.Cmp(big.NewInt(1)) == 0
}

// key writes n in one form for every way of writing its value, so that
// 1, 1.0 and 10e-1 have the same key.
func (n number) key() string {
	var b strings.Builder
	if n.neg {
		b.WriteByte('-')
	}
	b.WriteString(n.sig)
	if n.sig != "" {
		b.WriteByte('e')
		b.WriteString(n.exp.String())
	}
	return b.String()
}
