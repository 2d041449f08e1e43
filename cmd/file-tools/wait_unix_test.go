//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestSignalWhileReadingStdin stops a call that waits for its JSON argument
// on a stdin that stays open, as `(sleep 30) | file-tools write_file -`
// does. The first signal must end the wait, with status 2 since nothing
// ran, and a message that names the signal.
func TestSignalWhileReadingStdin(t *testing.T) {
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tree := newTree(t)
			before := snapshot(t, tree)
			got := signalWhileReading(t, tree, sig)
			want := "file-tools: write_file: stopped reading the JSON argument from stdin: " + sig.String() + " signal received\n" + commandPointer("write_file") + "\n"
			if got.status != 2 || got.stdout != "" || got.stderr != want {
				t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing and %q", got.status, got.stdout, got.stderr, want)
			}
			if d := diffSnapshots(before, snapshot(t, tree)); d != "" {
				t.Errorf("the tree changed:\n%s", d)
			}
		})
	}
}

// signalWhileReading runs `file-tools write_file -` in tree with a stdin
// that stays open and sends it sig. Nothing tells from outside when the
// program has started catching signals, a matter of a millisecond, so a
// run that the signal ended the default way, too early, is tried again
// with a longer wait first.
func signalWhileReading(t *testing.T, tree string, sig os.Signal) outcome {
	t.Helper()
	for wait := 20 * time.Millisecond; ; wait *= 2 {
		cmd := command(t, program, tree, "write_file", "-")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		// Held open, so that only the signal can end the read; closed
		// after a while for a program that ignores the signal, which then
		// fails the test on its message.
		timer := time.AfterFunc(10*time.Second, func() { stdin.Close() })
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(wait)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		timer.Stop()
		stdin.Close()
		if endedBySignal(cmd.ProcessState) && wait < time.Second {
			continue
		}
		return finish(t, cmd, err, &stdout, &stderr)
	}
}

// TestRecordToAPipe gives --record a named pipe: without a reader the call
// is refused at once, where opening it used to wait forever; with one, the
// record reaches the reader.
func TestRecordToAPipe(t *testing.T) {
	t.Run("without a reader", func(t *testing.T) {
		tree := newTree(t)
		fifo := filepath.Join(t.TempDir(), "r")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, tree)
		got := execute(t, program, tree, "", "--record", fifo, "write_file", "--path", "new.txt", "--content", "x")
		want := "file-tools: --record: " + strconv.Quote(fifo) + " is a named pipe that no process is reading; " +
			"the record file must be a regular file or a pipe with a reader\nRun `file-tools help` for usage.\n"
		if got.status != 2 || got.stdout != "" || got.stderr != want {
			t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing and %q", got.status, got.stdout, got.stderr, want)
		}
		if d := diffSnapshots(before, snapshot(t, tree)); d != "" {
			t.Errorf("the tree changed:\n%s", d)
		}
	})
	t.Run("with a reader", func(t *testing.T) {
		tree := newTree(t)
		fifo := filepath.Join(t.TempDir(), "r")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		// Opening for reading without waiting for a writer.
		r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		got := execute(t, program, tree, "", "--record", fifo, "write_file", "--path", "new.txt", "--content", "x")
		if got.status != 0 || got.stdout != "wrote new.txt (1 byte)\n" || got.stderr != "" {
			t.Fatalf("status %d, stdout %q, stderr %q", got.status, got.stdout, got.stderr)
		}
		// The program has closed its end, so the pipe reads to its end.
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasSuffix(b, []byte("\n")) || !bytes.Contains(b, []byte(`"ns":"file-tools:write"`)) {
			t.Errorf("the pipe carried %q, want the record of the write", b)
		}
	})
}
