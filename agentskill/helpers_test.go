package agentskill

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// sameSkill reports how a and b differ, comparing the exported fields
// except DirName, with a nil map equal to an empty one and NaN equal to
// NaN; "" means equal.
func sameSkill(a, b *Skill) string {
	var diffs []string
	field := func(name string, x, y any) {
		if !sameValue(x, y) {
			diffs = append(diffs, fmt.Sprintf("%s: %#v != %#v", name, x, y))
		}
	}
	field("Name", a.Name, b.Name)
	field("Description", a.Description, b.Description)
	field("License", a.License, b.License)
	field("Compatibility", a.Compatibility, b.Compatibility)
	field("AllowedTools", a.AllowedTools, b.AllowedTools)
	field("Body", a.Body, b.Body)
	if len(a.Metadata) != 0 || len(b.Metadata) != 0 {
		field("Metadata", a.Metadata, b.Metadata)
	}
	if len(a.Extra) != 0 || len(b.Extra) != 0 {
		field("Extra", a.Extra, b.Extra)
	}
	return strings.Join(diffs, "\n")
}

// sameValue is reflect.DeepEqual, except that NaN equals NaN and the
// sign of a zero counts, so that -0.0 read back as 0.0 is a difference.
func sameValue(x, y any) bool {
	if f, ok := x.(float64); ok {
		g, ok := y.(float64)
		return ok && (f == g && math.Signbit(f) == math.Signbit(g) || math.IsNaN(f) && math.IsNaN(g))
	}
	switch x := x.(type) {
	case []any:
		y, ok := y.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := y.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(x, y)
}

// roundTrip encodes s, parses the result and reports any difference.
func roundTrip(t *testing.T, s *Skill) {
	t.Helper()
	out, err := Encode(s)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("Parse(Encode(s)): %v\nfile:\n%s", err, out)
	}
	if d := sameSkill(s, back); d != "" {
		t.Fatalf("Parse(Encode(s)) differs:\n%s\nfile:\n%s", d, out)
	}
}

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if d := lineDiff(string(want), got); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, d)
	}
}

// lineDiff returns a readable line-by-line difference of want and got, or
// "" when they are equal. It marks the lines that differ at the same
// position, which is enough for the short files compared here.
func lineDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			fmt.Fprintf(&b, "  %q\n", wl)
			continue
		}
		if i < len(w) {
			fmt.Fprintf(&b, "- %q\n", wl)
		}
		if i < len(g) {
			fmt.Fprintf(&b, "+ %q\n", gl)
		}
	}
	return b.String()
}

// mustParse parses src or fails the test.
func mustParse(t *testing.T, src string) *Skill {
	t.Helper()
	s, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse: %v\ninput:\n%s", err, src)
	}
	return s
}

// fm wraps frontmatter lines in fences.
func fm(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\n"
}

// messages returns the problems as "<severity>: <message>" lines.
func messages(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}
