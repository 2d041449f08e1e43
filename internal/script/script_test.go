package script

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestParseRefuses checks that a script the runner could misread is
// refused, naming what is wrong.
func TestParseRefuses(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, text, err string
	}{
		{"no step", "# nothing\n-- data.txt --\nhello\n", "the script has no step"},
		{"prose outside a comment", "hello\n-- $ version --\n", `line "hello\n" before the first section is not a comment`},
		{"text under a step", "-- $ version --\nx\n", `step "version": a step has no text of its own`},
		{"unknown section", "-- $ version --\n-- stdot --\n", `step "version": unknown section "stdot"`},
		{"unknown check of a stream", "-- $ version --\n-- stdout holds --\n", `step "version": unknown section "stdout holds"`},
		{"status not a number", "-- $ version --\n-- status one --\n", `step "version": status "one" is not a number`},
		{"words a shell would expand", "-- $ read_file --path $HOME --\n", `step "read_file --path $HOME": '$' must be quoted`},
		{"argv0 of two words", "-- $ version --\n-- argv0 a b --\n", `step "version": argv0 "a b" is not one word (<nil>)`},
		{"text under a directory", "-- d/ --\nx\n-- $ version --\n", `directory "d/": a directory has no text`},
		{"text under tree unchanged", "-- $ version --\n-- tree unchanged --\nx\n", `step "version": "tree unchanged" has no text`},
		{"a bad expression", "-- $ version --\n-- stderr matches --\na(\n", "step \"version\": stderr: error parsing regexp: missing closing ): `a(`"},
		{"a bad expression for a file", "-- $ version --\n-- file f matches --\n[\n", "step \"version\": file \"f\": error parsing regexp: missing closing ]: `[`"},
		{"a quoted word unclosed", "-- $ \"a (quoted) --\n", `step "\"a": "\"a" does not start with a Go string literal`},
		{"a quoted word run on", "-- $ \"a\"b (quoted) --\n", `step "\"a\"b": "b" follows a literal without a blank`},
		{"a bare word among quoted ones", "-- $ \"a\" b (quoted) --\n", `step "\"a\" b": "b" does not start with a Go string literal`},
		{"env without a value", "-- $ version --\n-- env A --\n", `step "version": "env A" is not "env NAME=value" alone`},
		{"env without a name", "-- $ version --\n-- env =b --\n", `step "version": "env =b" is not "env NAME=value" alone`},
		{"text under env", "-- $ version --\n-- env A=b --\nx\n", `step "version": "env A=b" is not "env NAME=value" alone`},
		{"text under absent", "-- $ version --\n-- file f absent --\nx\n", `step "version": "file f absent" has no text`},
		{"quoted text not a literal", "-- x (quoted) --\nx\n-- $ version --\n", `section "x": line "x\n" is not a Go string literal`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := Parse(tt.text); err == nil || err.Error() != tt.err {
				t.Errorf("Parse = %v, want %q", err, tt.err)
			}
		})
	}
}

// TestParse checks that every kind of section lands where it belongs.
func TestParse(t *testing.T) {
	t.Parallel()
	s, err := Parse("# a story\n\n-- a.txt --\nx\n-- d/e/ --\n-- testprog echo --\n-- logo (quoted) --\n\"\\x89P\"\n\"NG\\n\"\n" +
		"-- $ --\n-- status 2 --\n-- file a.txt (no newline) --\nx\n-- argv0 '' --\n-- dir d --\ne/\n" +
		"-- stdout lacks --\na\n-- stderr lacks --\nb\n-- tree unchanged --\n-- stdin (quoted) --\n\"\\xff\"\n" +
		"-- $ \"read_file\\n\"  \"\" \t\"\\xff\" (quoted) --\n-- stdout has --\nh\ni\n-- stderr has (quoted) --\n\"a\\nb\"\n\"c\"\n-- stdout matches --\nm.*\n-- stderr --\ne\n-- file f matches --\n.\n-- file g has --\ng\n-- file h lacks (quoted) --\n\"h\\ni\"\n-- env A=b c --\n-- env A=d --\n")
	if err != nil {
		t.Fatal(err)
	}
	if s.files["a.txt"] != "x\n" || s.files["logo"] != "\x89PNG\n" || s.Testprog != "echo" || !slices.Equal(s.dirs, []string{"d/e"}) || len(s.steps) != 2 {
		t.Fatalf("Parse = %+v", s)
	}
	first, second := s.steps[0], s.steps[1]
	if first.words != nil || first.status != 2 || !first.renamed || first.argv0 != "" || !first.unchanged || first.stdin != "\xff" ||
		!slices.Equal(first.stdout.lacks, []string{"a"}) || !slices.Equal(first.stderr.lacks, []string{"b"}) ||
		!reflect.DeepEqual(first.files, []file{{path: "a.txt", data: "x", fragments: []string{"x"}}}) || !reflect.DeepEqual(first.dirs, []file{{path: "d", data: "e/\n"}}) {
		t.Errorf("first step = %+v", first)
	}
	if !slices.Equal(second.words, []string{"read_file\n", "", "\xff"}) || second.unchanged || second.status != 0 ||
		!slices.Equal(second.stdout.has, []string{"h", "i"}) || !slices.Equal(second.stdout.matches, []string{"m.*"}) || second.stderr.full != "e\n" || !slices.Equal(second.stderr.has, []string{"a\nb", "c"}) ||
		!reflect.DeepEqual(second.files, []file{{path: "f", data: ".\n", kind: "matches", fragments: []string{"."}}, {path: "g", data: "g\n", kind: "has", fragments: []string{"g"}},
			{path: "h", data: "h\ni", kind: "lacks", fragments: []string{"h\ni"}}}) || !slices.Equal(second.env, []string{"A=b c", "A=d"}) {
		t.Errorf("second step = %+v", second)
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	got := Diff("a\nb\nc\n", "a\nx\nc")
	want := " a\n-b\n-c\n+x\n+c [no newline at the end]\n"
	if got != want {
		t.Errorf("Diff = %q, want %q", got, want)
	}
}

// FuzzParse checks that Parse never panics, and that a script it accepts
// has a step and only steps whose words it could split.
func FuzzParse(f *testing.F) {
	f.Add("-- $ version --\n-- stdout --\nv\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			return
		}
		if len(s.steps) == 0 {
			t.Fatalf("Parse(%q) accepted a script without a step", text)
		}
		for _, st := range s.steps {
			if strings.Contains(st.line, "\n") {
				t.Errorf("step %q spans lines", st.line)
			}
		}
	})
}
