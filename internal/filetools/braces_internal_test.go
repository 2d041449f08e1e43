package filetools

import (
	"strings"
	"testing"
)

func TestCheckBraces(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		arg, pattern, want string
	}{
		{"glob", "*.{go,md}", `glob "*.{go,md}" holds {go,md}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern: --glob '*.go' --glob '*.md'`},
		{"pattern", "{a,b}/x", `pattern "{a,b}/x" holds {a,b}, which a glob takes literally rather than expanding as a shell does; list once per pattern: 'a/x' and 'b/x'`},
		{"glob", "it's.{a,}", `glob "it's.{a,}" holds {a,}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern: --glob 'it'\''s.a' --glob 'it'\''s.'`},
		{"glob", "{src,lib}/**/*.{go,md}", `glob "{src,lib}/**/*.{go,md}" holds {src,lib}, which a glob takes literally rather than expanding as a shell does; ` +
			`give one --glob per pattern: --glob 'src/**/*.go' --glob 'src/**/*.md' --glob 'lib/**/*.go' --glob 'lib/**/*.md'`},
		{"pattern", "{a,b}/*.{c,d}", `pattern "{a,b}/*.{c,d}" holds {a,b}, which a glob takes literally rather than expanding as a shell does; ` +
			`list once per pattern: 'a/*.c', 'a/*.d', 'b/*.c' and 'b/*.d'`},
		{"glob", "{a,b,c}{d,e,f}{g,h,i}", `glob "{a,b,c}{d,e,f}{g,h,i}" holds {a,b,c}, which a glob takes literally rather than expanding as a shell does; ` +
			`give one --glob per pattern: --glob 'adg' --glob 'adh' --glob 'adi' --glob 'aeg' --glob 'aeh' --glob 'aei' --glob 'afg' --glob 'afh', and 19 more`},
		{"pattern", "{a,b,c}{d,e,f}{g,h,i}", `pattern "{a,b,c}{d,e,f}{g,h,i}" holds {a,b,c}, which a glob takes literally rather than expanding as a shell does; ` +
			`list once per pattern: 'adg', 'adh', 'adi', 'aeg', 'aeh', 'aei', 'afg', 'afh', and 19 more`},
		{"glob", strings.Repeat("{a,b}", 12), `glob "` + strings.Repeat("{a,b}", 12) + `" holds {a,b}, which a glob takes literally rather than expanding as a shell does; ` +
			`give one --glob per pattern: --glob 'aaaaaaaaaaaa' --glob 'aaaaaaaaaaab' --glob 'aaaaaaaaaaba' --glob 'aaaaaaaaaabb' --glob 'aaaaaaaaabaa' --glob 'aaaaaaaaabab' --glob 'aaaaaaaaabba' --glob 'aaaaaaaaabbb', and at least 92 more`},
		{"glob", strings.Repeat("{a,b}", 300), `glob of 1500 bytes holds {a,b}, which a glob takes literally rather than expanding as a shell does; give one --glob per pattern, each spelt out`},
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

// FuzzBraces holds expandBraces to its promises: every pattern it gives
// holds no brace group left, and it gives as many as it counts up to its
// bound.
func FuzzBraces(f *testing.F) {
	for _, seed := range []string{"{src,lib}/**/*.{go,md}", "{{a,b}", "[{]a,b}", `\{a,b}{c,d}`, "{a,}{,b}", "{,{,}}"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, p string) {
		patterns, total := expandBraces(p, 64)
		if total < 1 || total > maxCounted || len(patterns) != min(total, 64) {
			t.Fatalf("expandBraces(%q) gives %d patterns of %d", p, len(patterns), total)
		}
		for _, e := range patterns {
			if _, _, ok := braceGroup(e); ok {
				t.Fatalf("expandBraces(%q) gives %q, which holds a brace group", p, e)
			}
		}
	})
}
