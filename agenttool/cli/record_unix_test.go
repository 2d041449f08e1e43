//go:build unix

package cli

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestRecordRefuses checks that --record refuses at once what it cannot
// write a record to without waiting: a named pipe nobody reads, a socket,
// a directory.
func TestRecordRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no Unix socket: %v", err)
	}
	defer l.Close()
	// The system words the failure to open a socket.
	tests := []struct {
		path string
		want string // stderr's start
	}{
		{fifo, "kit: --record: " + strconv.Quote(fifo) + " is a named pipe that no process is reading; " +
			"the record file must be a regular file or a pipe with a reader\n"},
		{sock, "kit: --record: cannot open " + strconv.Quote(sock) + ": "},
		{dir, "kit: --record: " + strconv.Quote(dir) + " is a directory; the record file must be a regular file or a pipe with a reader\n"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			var s spy
			got := run(t, s.wrap(fixtures()), "", "--record", tt.path, "ping")
			if got.status != ExitUsage || !strings.HasPrefix(got.stderr, tt.want) || got.stdout != "" || len(s.ran()) != 0 {
				t.Errorf("%v; want status 2 and stderr %q", got, tt.want)
			}
		})
	}
}

// TestRecordToAPipe checks that a named pipe with a reader receives the
// record.
func TestRecordToAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := run(t, fixtures(), "", "--record", fifo, "work")
	if got.status != ExitOK {
		t.Fatalf("%v", got)
	}
	buf := make([]byte, 4096)
	n, _ := r.Read(buf)
	if n == 0 || buf[n-1] != '\n' {
		t.Errorf("the pipe carried %q, want record lines", buf[:n])
	}
}
