package jsonscan

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestFragment checks Fragment against net/url's PathUnescape, which it
// stands in for, on the escapes a $ref may hold and on malformed ones.
func TestFragment(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"", "/$defs/Customer", "/definitions/a%20b", "/a%25b", "/%7e0", "/%7E1x", "/a+b",
		"%", "%4", "%zz", "/a%2", "/a%g0", "%41%42%43", "/caf%C3%A9", "/%ff",
	} {
		got, err := Fragment(s)
		want, werr := url.PathUnescape(s)
		if err != nil && err.Error() != "invalid percent-escape "+strconv.Quote(s[strings.IndexByte(s, '%'):min(strings.IndexByte(s, '%')+3, len(s))]) && strings.Count(s, "%") == 1 {
			t.Errorf("Fragment(%q) fails with %q, which does not name the escape", s, err)
		}
		if (err != nil) != (werr != nil) || got != want {
			t.Errorf("Fragment(%q) = %q, %v; PathUnescape gives %q, %v", s, got, err, want, werr)
		}
	}
}

// FuzzFragment checks that Fragment agrees with net/url's PathUnescape on
// any text.
func FuzzFragment(f *testing.F) {
	for _, s := range []string{"/$defs/a%20b", "%", "%4g", "/%C3%A9+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Fragment(s)
		want, werr := url.PathUnescape(s)
		if (err != nil) != (werr != nil) || got != want {
			t.Fatalf("Fragment(%q) = %q, %v; PathUnescape gives %q, %v", s, got, err, want, werr)
		}
	})
}
