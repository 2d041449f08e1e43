//go:build unix

package filetools

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenRegular checks the open that read_file and search make after
// they judged an entry to be a regular file: whatever sits at the name by
// the time of the open, and a FIFO put there since the first look above
// all, is refused without blocking. Opening a FIFO for reading normally
// waits for a writer; here none ever comes, so a blocking open would hang
// the test rather than pass it.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	tr, err := openTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.close()
	tests := []struct {
		name string
		err  error // nil for a file that opens
	}{
		{"data.txt", nil},
		{"pipe", errNotRegular},
		{"dir", errNotRegular},
		{"missing", os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, info, err := openRegular(tr.root, tt.name)
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if err != nil {
				if f != nil {
					t.Errorf("a refused open returned a file")
				}
				if tt.err == errNotRegular && err.Error() != "not a regular file" {
					t.Errorf("refusal reads %q", err)
				}
				return
			}
			defer f.Close()
			if info.Size() != 6 || !info.Mode().IsRegular() {
				t.Errorf("info says %v of %d bytes, want a regular file of 6", info.Mode(), info.Size())
			}
			buf := make([]byte, 16)
			if n, err := f.Read(buf); err != nil || string(buf[:n]) != "hello\n" {
				t.Errorf("read %q, %v", buf[:n], err)
			}
		})
	}
}
