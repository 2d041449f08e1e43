package skillindex

import (
	"testing"
)

// TestFirstSentence checks where the first sentence of a description ends.

func TestFirstSentence(t *testing.T) {
	t.Parallel()
	tests := []struct{ desc, want string }{
		{"", ""},
		{"Print a.", "Print a."},
		{"  Read a file. Returns its contents.", "Read a file."},
		{"Read a file\nin the tree. More.", "Read a file"},
		{"Version 1.2 works. Yes.", "Version 1.2 works."},
		{"No period at all", "No period at all"},
	}
	for _, tc := range tests {
		if got := FirstSentence(tc.desc); got != tc.want {
			t.Errorf("FirstSentence(%q) = %q, want %q", tc.desc, got, tc.want)
		}
	}
}

// TestCut checks that a sentence is cut at a word, within its width.
func TestCut(t *testing.T) {
	tests := []struct {
		s     string
		width int
		want  string
	}{
		{"Read a file.", 12, "Read a file."},
		{"Read a file.", 100, "Read a file."},
		{"Read a file.", 11, "Read a…"},
		{"Read a file.", 9, "Read a…"},
		{"Read a file.", 8, "Read…"},
		{"Read a file.", 7, "Read…"},
		{"Read a file.", 6, ""},
		{"Read, then write.", 13, "Read, then…"},
		{"Read, then write.", 8, "Read…"},
		{"Écrire déjà tout.", 10, "Écrire…"},
		{"Écrire déjà tout.", 9, ""},
		{"", 0, ""},
		{"word", 0, ""},
	}
	for _, tc := range tests {
		got := Cut(tc.s, tc.width)
		if got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
		if len(got) > tc.width && got != tc.s {
			t.Errorf("Cut(%q, %d) = %q, longer than %d bytes", tc.s, tc.width, got, tc.width)
		}
	}
}

// TestIndex checks the four forms of a skill's index, each chosen by the
// room it is given: linked synopses and whole sentences; linked names and
// sentences cut to one length; names without a link and sentences cut to
// one length; names alone.
func TestIndex(t *testing.T) {
	entries := []Entry{
		{Name: "read_text_file", File: "references/read_text_file.md", Synopsis: "read_text_file --path <string> [...]", Sentence: "Read a file of the working tree as text, a range of its lines at a time."},
		{Name: "list_directory", File: "references/list_directory.md", Synopsis: "list_directory", Sentence: "List a directory."},
		{Name: "search_files", File: "references/search_files.md", Synopsis: "search_files", Sentence: "Search files."},
	}
	const (
		intro    = "\nEach command has a reference with its usage: read it before your first call of the command."
		synopses = " An entry gives the command as it follows `p`, `[...]` standing for its optional flags."
	)
	full := intro + synopses + "\n\n" +
		"- [`read_text_file --path <string> [...]`](references/read_text_file.md): Read a file of the working tree as text, a range of its lines at a time.\n" +
		"- [`list_directory`](references/list_directory.md): List a directory.\n" +
		"- [`search_files`](references/search_files.md): Search files.\n"
	linked := func(width int) string {
		return intro + "\n\n" +
			"- [`read_text_file`](references/read_text_file.md): " + Cut(entries[0].Sentence, width) + "\n" +
			"- [`list_directory`](references/list_directory.md): List a directory.\n" +
			"- [`search_files`](references/search_files.md): Search files.\n"
	}
	plain := func(width int) string {
		return intro + Where + "\n\n" +
			"- `read_text_file`: " + Cut(entries[0].Sentence, width) + "\n" +
			"- `list_directory`: List a directory.\n" +
			"- `search_files`: Search files.\n"
	}
	names := intro + Where + "\n\n- `read_text_file`\n- `list_directory`\n- `search_files`\n"
	whole := len(entries[0].Sentence)
	tests := []struct {
		room int
		want string
	}{
		{1 << 20, full},
		{len(full), full},
		{len(full) - 1, linked(whole)},
		{len(linked(whole)), linked(whole)},
		{len(linked(whole)) - 1, linked(whole - 1)},
		{len(linked(40)), linked(40)},
		{len(linked(MinSentence)), linked(MinSentence)},
		// Past the linked lines, the unlinked ones keep longer sentences.
		{len(linked(MinSentence)) - 1, plain(len(linked(MinSentence)) - 1 - len(plain(0)))},
		{len(plain(40)), plain(40)},
		{len(plain(MinSentence)), plain(MinSentence)},
		{len(plain(MinSentence)) - 1, names},
		{0, names},
	}
	if len(plain(MinSentence)) >= len(linked(MinSentence)) || len(linked(MinSentence))-1-len(plain(0)) <= MinSentence {
		t.Fatal("the entries do not make the unlinked lines shorter than the linked ones by enough")
	}
	for _, tc := range tests {
		if got := Write("p", entries, tc.room); got != tc.want {
			t.Errorf("Write in %d bytes:\ngot:\n%s\nwant:\n%s", tc.room, got, tc.want)
		}
	}
}
