package jsonscan

import "strconv"

// LoneSurrogate returns the first escape in the strings of s, valid JSON
// text, that is half of a UTF-16 surrogate pair without its other half, as
// written ("\ud83d"), and whether there is one. Such an escape stands for
// no character: encoding/json decodes it to U+FFFD, so a value holding it
// would reach a tool changed.
func LoneSurrogate[T Text](s T) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '"' {
			continue
		}
		for i++; i < len(s) && s[i] != '"'; i++ {
			if s[i] != '\\' {
				continue
			}
			i++
			if i >= len(s) || s[i] != 'u' {
				continue
			}
			r, ok := hex4(s, i+1)
			switch {
			case !ok:
			case 0xd800 <= r && r < 0xdc00:
				if low, ok := hex4(s, i+7); ok && i+6 < len(s) && s[i+5] == '\\' && s[i+6] == 'u' && 0xdc00 <= low && low < 0xe000 {
					i += 10
					continue
				}
				return string(s[i-1 : i+5]), true
			case 0xdc00 <= r && r < 0xe000:
				return string(s[i-1 : i+5]), true
			}
			i += 4
		}
	}
	return "", false
}

// hex4 reads the four hex digits at s[i:], when they are there.
func hex4[T Text](s T, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s[i:i+4]), 16, 32)
	return rune(n), err == nil
}
