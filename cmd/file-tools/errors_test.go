package main

import "testing"

// TestRefusalsTellTheFix runs the five calls of issue 13 as a model would
// make them, through the built program: each is refused with the status it
// always had, the working tree is left as it was, and stderr names what
// exists and where to look, in the terms the call used.
func TestRefusalsTellTheFix(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"a command that does not exist", []string{"delete_file", "--path", "data.txt"}, 2,
			"file-tools: unknown command \"delete_file\"; the commands are \"read_file\", \"search\", \"write_file\", \"list_files\" and \"edit_file\"\n" +
				pointer + "\n"},
		{"a flag the command does not have", []string{"read_file", "--path", "data.txt", "--bogus", "5"}, 2,
			"file-tools: read_file: unknown flag \"--bogus\"; its flags are --path, --offset, --column, --limit, --max_bytes and --numbered\n" +
				commandPointer("read_file") + "\n"},
		{"a program option after the command", []string{"write_file", "--answer", "accept", "--path", "data.txt", "--content", "y"}, 2,
			"file-tools: write_file: --answer is an option of the program; put it before the command: " +
				"`file-tools --answer accept write_file ...`\n" + pointer + "\n"},
		{"a required flag missing", []string{"read_file"}, 2,
			// stdin is a pipe, which may hold a JSON argument nobody read.
			"file-tools: read_file: invalid arguments: missing required flag --path; to give the JSON argument on stdin, end the command with -\n" +
				commandPointer("read_file") + "\n"},
		{"a JSON member the command does not have", []string{"read_file", `{"path": "data.txt", "bogus": 5}`}, 2,
			"file-tools: read_file: unknown JSON member \"bogus\"; its members are \"path\", \"offset\", \"column\", \"limit\", \"max_bytes\" and \"numbered\"\n" +
				commandPointer("read_file") + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := newTree(t)
			before := snapshot(t, tree)
			got := execute(t, program, tree, "", tt.args...)
			if got.status != tt.status || got.stdout != "" || got.stderr != tt.stderr {
				t.Errorf("status %d, stdout %q, stderr\n%s\nwant %d, nothing and\n%s", got.status, got.stdout, got.stderr, tt.status, tt.stderr)
			}
			if d := diffSnapshots(before, snapshot(t, tree)); d != "" {
				t.Errorf("the tree changed:\n%s", d)
			}
		})
	}
}
