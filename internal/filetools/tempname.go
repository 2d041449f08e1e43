package filetools

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// maxTempBase is how much of the target's name a temporary file's name
// repeats. Most file systems allow names of 255 bytes, and a target whose
// name is near that limit must still get a temporary file.
const maxTempBase = 128

// tempName returns a fresh name for the temporary file of the target base:
// ".<base>.<random>.tmp", with base cut at a character boundary when long.
func tempName(base string) string {
	if len(base) > maxTempBase {
		cut := maxTempBase
		for cut > 0 && !utf8.RuneStart(base[cut]) {
			cut--
		}
		base = base[:cut]
	}
	return "." + base + "." + randomText() + ".tmp"
}

// isTempName reports whether name has the form of tempName's names, so
// that search can leave out what a write in progress, or one killed before
// it cleaned up, left beside its target.
func isTempName(name string) bool {
	rest, ok := strings.CutSuffix(name, ".tmp")
	if !ok || len(rest) < len(".x.")+randomLen || name[0] != '.' || rest[len(rest)-randomLen-1] != '.' {
		return false
	}
	return strings.Trim(rest[len(rest)-randomLen:], randomDigits) == ""
}

// randomDigits are the characters of randomText, randomLen of them.
const (
	randomDigits = "abcdefghijklmnopqrstuvwxyz234567"
	randomLen    = 26
)

// randomText returns 26 random characters of lower-case base32, 130 bits,
// which make a temporary name no other writer picks. A clash would only
// fail the exclusive create, so math/rand/v2, seeded by the runtime from
// the system, is enough; crypto/rand would cost every call the
// initialisation of its packages.
func randomText() string {
	b := make([]byte, randomLen)
	for i := range b {
		b[i] = randomDigits[rand.IntN(len(randomDigits))]
	}
	return string(b)
}
