package filetools

import "testing"

func TestCheckBraces(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		arg, pattern, want string
	}{
		{"glob", "*.{go,md}", `glob "*.{go,md}" holds {go,md}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern: --glob '*.go' --glob '*.md'`},
		{"pattern", "{a,b}/x", `pattern "{a,b}/x" holds {a,b}, which a glob takes literally rather than expanding as a shell does; list once per pattern: 'a/x' and 'b/x'`},
		{"glob", "it's.{a,}", `glob "it's.{a,}" holds {a,}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern: --glob 'it'\''s.a' --glob 'it'\''s.'`},
		{"glob", "x{y}.go", ""},
		{"glob", `\{a,b}.go`, ""},
		{"glob", `{a\,b}.go`, ""},
		{"glob", "[{]a,b}.go", ""},
		{"glob", "[]{]a,b}", ""},
		{"glob", "{a/b,c}", ""},
		{"glob", "{{a,b}", `glob "{{a,b}" holds {a,b}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern: --glob '{a' --glob '{b'`},
		{"glob", "{a,b", ""},
		{"glob", "*.go", ""},
		{"glob", "[{a,b}", ""},
	} {
		err := checkBraces(tc.arg, tc.pattern)
		var got string
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("checkBraces(%q, %q) = %q, want %q", tc.arg, tc.pattern, got, tc.want)
		}
	}
}
