package cli

import (
	"errors"
	"flag"
	"strings"
	"testing"
)

// TestFlagSet checks how a builtin's flag set refuses its command line:
// each case parses the words, reports the error as Refuse does and
// compares the whole of stderr.
func TestFlagSet(t *testing.T) {
	tests := []struct {
		name   string
		words  []string
		stderr string // "" when Parse accepts the words
	}{
		{"flags and a word", []string{"--force", "d"}, ""},
		{"unknown flag", []string{"--forse", "d"},
			"kit: export: unknown flag \"--forse\"; its flags are --check, --force and --into\nRun `kit help export` for its usage.\n"},
		{"unknown flag with one dash", []string{"-x"},
			"kit: export: unknown flag \"-x\"; its flags are --check, --force and --into\nRun `kit help export` for its usage.\n"},
		{"boolean given a bad value", []string{"--force=maybe", "d"},
			"kit: export: --force: expected true or false, got \"maybe\"\nRun `kit help export` for its usage.\n"},
		{"flag without its value", []string{"--into"},
			"kit: export: --into: missing value\nRun `kit help export` for its usage.\n"},
		{"three dashes", []string{"---force"},
			"kit: export: \"---force\" starts with more than two dashes; write --force\nRun `kit help export` for its usage.\n"},
		{"three dashes before no flag", []string{"---forse"},
			"kit: export: \"---forse\" starts with more than two dashes; a flag is written --name or --name=value\nRun `kit help export` for its usage.\n"},
		{"no name", []string{"--=d"},
			"kit: export: \"--=d\" names no flag; one is written --name or --name=value\nRun `kit help export` for its usage.\n"},
		{"program option after the command", []string{"--answer", "accept", "d"},
			"kit: export: --answer is an option of the program; put it before the command: `kit --answer accept export ...`\nRun `kit help` for usage.\n"},
		{"boolean program option after the command", []string{"-ask", "d"},
			"kit: export: -ask is an option of the program; put it before the command: `kit -ask export ...`\nRun `kit help` for usage.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := NewFlagSet("kit", "export")
			fs.Bool("force", false, "")
			fs.Bool("check", false, "")
			fs.String("into", "", "")
			err := fs.Parse(tc.words)
			if err == nil {
				if tc.stderr != "" {
					t.Fatalf("Parse(%q) accepted the words", tc.words)
				}
				return
			}
			var b strings.Builder
			if status := fs.Refuse(&b, err); status != ExitUsage {
				t.Errorf("Refuse returned %d, want %d", status, ExitUsage)
			}
			if b.String() != tc.stderr {
				t.Errorf("stderr\n%s\nwant\n%s", b.String(), tc.stderr)
			}
		})
	}
}

// TestFlagSetHelp checks that a help option comes back as flag.ErrHelp,
// and that a set without flags names none.
func TestFlagSetHelp(t *testing.T) {
	for _, words := range [][]string{{"-h"}, {"--help"}, {"-help", "x"}} {
		if err := NewFlagSet("kit", "version").Parse(words); !errors.Is(err, flag.ErrHelp) {
			t.Errorf("Parse(%q) = %v, want flag.ErrHelp", words, err)
		}
	}
	var b strings.Builder
	fs := NewFlagSet("kit", "version")
	fs.Refuse(&b, fs.Parse([]string{"--x"}))
	if want := "kit: version: unknown flag \"--x\"\nRun `kit help version` for its usage.\n"; b.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", b.String(), want)
	}
}
