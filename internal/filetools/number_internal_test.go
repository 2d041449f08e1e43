package filetools

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// FuzzNumbered writes text through a numberWriter in writes of any sizes:
// the result must be the text numbered at once, and that must be cat -n's
// form of it, whatever the cuts.
func FuzzNumbered(f *testing.F) {
	f.Add([]byte("a\nb\n"), int64(1), []byte{1, 1, 1})
	f.Add([]byte("no break"), int64(999999), []byte{3})
	f.Add([]byte("\n\n\nx"), int64(7), []byte{0, 2})
	f.Add([]byte("a\r\nb\r\n"), int64(1000000), []byte{4, 1})
	f.Fuzz(func(t *testing.T, text []byte, first int64, cuts []byte) {
		first = max(first%(1<<40), 1)
		whole, next := numberLines(nil, text, first)
		var want strings.Builder
		for i, line := range strings.SplitAfter(string(text), "\n") {
			if line != "" {
				fmt.Fprintf(&want, "%6d\t%s", first+int64(i), line)
			}
		}
		if string(whole) != want.String() {
			t.Fatalf("numberLines gave %q, want %q", whole, want.String())
		}
		if breaks := int64(bytes.Count(text, []byte{'\n'})); next != first+breaks {
			t.Fatalf("the next line is %d, want %d", next, first+breaks)
		}
		var out bytes.Buffer
		nw := &numberWriter{w: &out, line: first, start: true}
		rest := text
		for i := 0; len(rest) > 0; i++ {
			n := len(rest)
			if i < len(cuts) {
				n = min(int(cuts[i]), n)
			}
			if m, err := nw.Write(rest[:n]); err != nil || m != n {
				t.Fatalf("Write of %d bytes: %d, %v", n, m, err)
			}
			rest = rest[n:]
		}
		if out.String() != want.String() || nw.n != int64(out.Len()) {
			t.Fatalf("written %q (%d counted), want %q", out.String(), nw.n, want.String())
		}
	})
}
