package toolbundle

import (
	"strings"
	"testing"
)

func TestVersionOption(t *testing.T) {
	b := goldenBundle(workTree(t))
	b.Version = "v1.2.3"
	tests := []struct {
		name   string
		words  []string
		status int
		stdout string
		stderr string // a fragment of stderr; "" wants it empty
	}{
		{"--version", []string{"--version"}, 0, "file-tools v1.2.3\n", ""},
		{"the version command", []string{"version"}, 0, "file-tools v1.2.3\n", ""},
		{"--version with a word after it", []string{"--version", "x"}, 2, "", `unexpected word "x"`},
		{"-version", []string{"-version"}, 2, "", `unknown program option "-version"`},
		{"--version after a program option", []string{"--ask", "--version"}, 2, "", `unknown program option "--version"`},
		{"an unknown program option", []string{"--bogus"}, 2, "", `unknown program option "--bogus"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := call(b, tt.words...)
			if r.status != tt.status || r.stdout != tt.stdout {
				t.Fatalf("want status %d and stdout %q\n%v", tt.status, tt.stdout, r)
			}
			if tt.stderr == "" && r.stderr != "" || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q, want it to hold %q", r.stderr, tt.stderr)
			}
		})
	}
}
