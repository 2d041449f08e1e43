package main

import (
	"fmt"
	"testing"
)

// TestIntegerEveryWay gives read_file's max_bytes, an integer, as a flag,
// in the JSON argument and in the JSON on stdin: each value gets the same
// status and output all three ways. An integer is a number whose exact
// value is whole, however written and however large (a count past the
// limit counts as the limit); anything else, a negative count included,
// is a usage error.
func TestIntegerEveryWay(t *testing.T) {
	const whole = "hello\n"
	tests := []struct {
		value  string
		status int
		stdout string
	}{
		{"2", 0, "he"},
		{"2.0", 0, "he"},
		{"0.2e1", 0, "he"},
		{"1e400", 0, whole},
		{"99999999999999999999999", 0, whole},
		{"0e-99999", 0, whole},
		{"-0", 0, whole},
		{"1e-400", 2, ""},
		{"1.0000000000000000001", 2, ""},
		{"1.5", 2, ""},
		{"-1", 2, ""},
		{"-1e400", 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			tree := newTree(t)
			json := fmt.Sprintf(`{"path":"data.txt","max_bytes":%s}`, tt.value)
			ways := []struct {
				name  string
				stdin string
				args  []string
			}{
				{"flag", "", []string{"read_file", "--path", "data.txt", "--max_bytes", tt.value}},
				{"JSON", "", []string{"read_file", json}},
				{"stdin", json, []string{"read_file", "-"}},
			}
			for _, w := range ways {
				got := execute(t, program, tree, w.stdin, w.args...)
				if got.status != tt.status || got.stdout != tt.stdout {
					t.Errorf("%s: status %d, stdout %q, stderr %q; want %d and %q",
						w.name, got.status, got.stdout, got.stderr, tt.status, tt.stdout)
				}
			}
		})
	}
}
