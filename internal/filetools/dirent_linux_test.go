package filetools

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadAt reads files of the sizes around the buffer's through the
// descriptor of their directory, one after the other with the same buffer
// as a search does, and checks that each comes back whole, or is skipped
// as too large, whatever the buffer held before.
func TestReadAt(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, minReadBuffer - 1, minReadBuffer, minReadBuffer + 1, 3*minReadBuffer + 7, 5, maxSearched, maxSearched + 1, 2, minReadBuffer}
	d, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var buf []byte
	for i, size := range sizes {
		name := filepath.Base(t.Name()) + string(rune('a'+i))
		data := bytes.Repeat([]byte{byte('a' + i)}, size)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, skip, err := readAt(dirFD(d), name, &buf)
		switch {
		case err != nil:
			t.Errorf("%d bytes: %v", size, err)
		case size > maxSearched:
			if skip != skipTooLarge {
				t.Errorf("%d bytes: skip %v, want too large", size, skip)
			}
		case skip != searched || !bytes.Equal(got, data):
			t.Errorf("%d bytes: skip %v, %d bytes read; want the file", size, skip, len(got))
		}
	}
}

// TestReadAtNotRegular reads what is not a regular file under a name a
// listing gave: a FIFO without a writer reads as empty at once, and a
// directory cannot be read.
func TestReadAtNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Skip(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	d, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var buf []byte
	if got, skip, err := readAt(dirFD(d), "fifo", &buf); err != nil || skip != searched || len(got) != 0 {
		t.Errorf("FIFO: %q, skip %v, %v; want it empty", got, skip, err)
	}
	if got, skip, err := readAt(dirFD(d), "sub", &buf); err != nil || skip != skipUnreadable || got != nil {
		t.Errorf("directory: %q, skip %v, %v; want it unreadable", got, skip, err)
	}
}
