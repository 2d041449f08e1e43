package shellwords

import (
	"strings"
	"testing"
)

func TestExpansion(t *testing.T) {
	t.Parallel()
	tests := []struct{ word, want string }{
		{"", ""},
		{"skills", ""},
		{"$HOME/skills", "$HOME"},
		{"a/$XDG_CONFIG_HOME2/b", "$XDG_CONFIG_HOME2"},
		{"${HOME}/x", "${HOME}"},
		{"${HOME/x", "${HOME/x"},
		{"$(pwd)/skills", "$(pwd)"},
		{"$(pwd", "$(pwd"},
		{"$_x", "$_x"},
		{"cost$", ""},
		{"$5", ""},
		{"a $ b", ""},
		{"$$", ""},
		{"$-x", ""},
		{"price$1/$PATH", "$PATH"},
	}
	for _, tt := range tests {
		if got := Expansion(tt.word); got != tt.want {
			t.Errorf("Expansion(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func FuzzExpansion(f *testing.F) {
	for _, s := range []string{"$HOME/x", "${A}", "$(pwd", "a$", "$1", "x/$_y/z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, word string) {
		got := Expansion(word)
		if got == "" {
			return
		}
		if !strings.HasPrefix(got, "$") || len(got) < 2 || !strings.Contains(word, got) {
			t.Fatalf("Expansion(%q) = %q, not a $ expansion within it", word, got)
		}
		if c := got[1]; c != '{' && c != '(' && !nameByte(c, false) {
			t.Fatalf("Expansion(%q) = %q, which no shell expands", word, got)
		}
	})
}
