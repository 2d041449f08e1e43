package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCreateRace runs pairs of processes that create the same new file,
// each reading its call from a pipe, and releases each pair at once by
// closing both pipes. Exactly one of each pair may write: the other must be
// refused, at the last step (status 1) or, when the winner was done before
// it looked, with the question about replacing the file (status 3). With a
// check followed by a rename, both succeeded in about 1.5 % of pairs.
func TestCreateRace(t *testing.T) {
	pairs := 200
	if testing.Short() {
		pairs = 20
	}
	const (
		wrote    = "wrote f.txt (1 byte)\n"
		appeared = "Error: not written: \"f.txt\" appeared while it was being written; run the call again to be asked about replacing it\n"
	)
	// The question a loser asks is about the winner's file, "A" or "B",
	// and the loser's content, the other one.
	question := map[string]string{}
	sums := map[string]string{"A": "559aead0", "B": "df7e70e5"}
	for content, sum := range sums {
		other := sums[map[string]string{"A": "B", "B": "A"}[content]]
		message := "Replace f.txt (1 byte, sha256 " + sum + ") with 1 byte (sha256 " + other + ")?"
		question[content] = `{"message":"` + message + `","digest":"` + digest(message) + `","answers_given":0,"error":"not replaced: \"f.txt\" exists; nobody confirmed the replacement"}` + "\n"
	}
	for i := range pairs {
		tree := t.TempDir()
		var (
			cmds   [2]*exec.Cmd
			stdins [2]io.WriteCloser
			outs   [2]bytes.Buffer
			errs   [2]bytes.Buffer
		)
		contents := [2]string{"A", "B"}
		for j := range cmds {
			cmds[j] = command(t, program, tree, "write_file", "-")
			var err error
			if stdins[j], err = cmds[j].StdinPipe(); err != nil {
				t.Fatal(err)
			}
			cmds[j].Stdout, cmds[j].Stderr = &outs[j], &errs[j]
			if err := cmds[j].Start(); err != nil {
				t.Fatal(err)
			}
		}
		for j := range stdins {
			if _, err := fmt.Fprintf(stdins[j], `{"path":"f.txt","content":%q}`, contents[j]); err != nil {
				t.Fatal(err)
			}
		}
		for _, w := range stdins {
			w.Close()
		}
		var won []string
		for j, cmd := range cmds {
			got := finish(t, cmd, cmd.Wait(), &outs[j], &errs[j])
			switch {
			case got.status == 0 && got.stdout == wrote && got.stderr == "":
				won = append(won, contents[j])
			case got.status == 1 && got.stdout == "" && got.stderr == appeared:
			case got.status == 3 && got.stdout == question[contents[1-j]] && strings.Contains(got.stderr, "--answer"):
			default:
				t.Fatalf("pair %d: %s: status %d, stdout %q, stderr %q", i, contents[j], got.status, got.stdout, got.stderr)
			}
		}
		oneWinner(t, i, tree, won)
	}
}

// TestAcceptRace runs pairs of processes that both ask a person whether to
// replace one file (--ask), and answers yes to both at once, once both
// have asked. Both answers are about the same file, so exactly one call may
// replace it; the other must find the file changed and leave the winner's
// content alone. A last look followed by a rename let both succeed in
// about 3 % of pairs.
func TestAcceptRace(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux swaps two names in one step; elsewhere a file put at the path between the last look and the rename is replaced")
	}
	pairs := 200
	if testing.Short() {
		pairs = 20
	}
	var (
		prompted = map[string]string{
			"A": asked("Replace f.txt (4 bytes, sha256 01d09d19) with 1 byte (sha256 559aead0)?"),
			"B": asked("Replace f.txt (4 bytes, sha256 01d09d19) with 1 byte (sha256 df7e70e5)?"),
		}
		changed = "Error: not replaced: \"f.txt\" changed while the question was pending; run the call again to be asked about it as it is now\n"
	)
	for i := range pairs {
		tree := t.TempDir()
		if err := os.WriteFile(filepath.Join(tree, "f.txt"), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		contents := [2]string{"A", "B"}
		var runs [2]*asking
		for j, c := range contents {
			runs[j] = startAsking(t, tree, "--ask", "write_file", "--path", "f.txt", "--content", c)
		}
		for _, a := range runs {
			if _, err := io.WriteString(a.stdin, "y\n"); err != nil {
				t.Fatal(err)
			}
		}
		var won []string
		for j, a := range runs {
			switch got := a.finish(t); {
			case got.status == 0 && got.stdout == "wrote f.txt (1 byte)\n" && got.stderr == prompted[contents[j]]:
				won = append(won, contents[j])
			case got.status == 1 && got.stdout == "" && got.stderr == prompted[contents[j]]+changed:
			default:
				t.Fatalf("pair %d: %s: status %d, stdout %q, stderr %q", i, contents[j], got.status, got.stdout, got.stderr)
			}
		}
		oneWinner(t, i, tree, won)
	}
}

// oneWinner fails the test unless exactly one call of pair i wrote, won
// holding what each winner wrote, and tree then holds f.txt alone, with the
// winner's content: no temporary file, no other call's content.
func oneWinner(t *testing.T, i int, tree string, won []string) {
	t.Helper()
	if len(won) != 1 {
		t.Fatalf("pair %d: %d calls wrote (%s), want exactly one", i, len(won), strings.Join(won, ", "))
	}
	if b, err := os.ReadFile(filepath.Join(tree, "f.txt")); err != nil || string(b) != won[0] {
		t.Fatalf("pair %d: f.txt holds %q, %v; want the winner's %q", i, b, err, won[0])
	}
	if entries, err := os.ReadDir(tree); err != nil || len(entries) != 1 {
		t.Fatalf("pair %d: the tree holds %v, %v; want f.txt alone", i, entries, err)
	}
}
