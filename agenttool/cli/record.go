package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/agenttool/agenttool"
)

// recorder appends the records of one call to the --record file, one JSON
// line each, durable before write returns.
type recorder struct {
	mu      sync.Mutex
	file    *os.File
	regular bool // only a regular file can be synced
	tool    string
	failed  error // the first failed write, reported once on the way out
}

// openRecorder opens the record file for appending, creating it private to
// the user when it is missing. It takes a regular file, a pipe with a
// reader, or a character device such as a terminal, and refuses anything
// else at once: the open never waits, so a named pipe that no process is
// reading is refused instead of blocking the call, and a signal, forever.
func openRecorder(path, tool string) (*recorder, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|openNonblock, 0o600)
	if err != nil {
		if noReader(err) {
			// A socket fails the same way.
			if info, serr := os.Stat(path); serr == nil && info.Mode()&os.ModeNamedPipe != 0 {
				return nil, fmt.Errorf("%q is a named pipe that no process is reading; "+
					"the record file must be a regular file or a pipe with a reader", path)
			}
		}
		return nil, openError(path, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	mode := info.Mode()
	switch {
	case mode.IsRegular():
	case mode&os.ModeNamedPipe != 0:
		if err := blockingWrites(f); err != nil {
			f.Close()
			return nil, err
		}
	case mode&os.ModeCharDevice != 0:
	default:
		f.Close()
		return nil, fmt.Errorf("%q is not a regular file or a pipe (its mode is %v)", path, mode)
	}
	return &recorder{file: f, regular: mode.IsRegular(), tool: tool}, nil
}

// write is the agenttool.RecordFunc of the call. A failure goes back to the
// tool, which decides whether the call fails, and is remembered.
func (r *recorder) write(ctx context.Context, rec *agenttool.Record) error {
	if rec == nil {
		return nil
	}
	var data bytes.Buffer
	if err := json.Compact(&data, rec.Data); err != nil {
		return fmt.Errorf("record %q: data is not valid JSON: %w", rec.NS, err)
	}
	var line bytes.Buffer
	line.WriteString(`{"time":`)
	line.Write(quote(time.Now().UTC().Format(time.RFC3339Nano)))
	line.WriteString(`,"tool":`)
	line.Write(quote(r.tool))
	if call, ok := agenttool.CallFrom(ctx); ok {
		line.WriteString(`,"call":`)
		line.Write(quote(call.ID))
	}
	line.WriteString(`,"ns":`)
	line.Write(quote(rec.NS))
	line.WriteString(`,"data":`)
	line.Write(data.Bytes())
	line.WriteString("}\n")

	r.mu.Lock()
	defer r.mu.Unlock()
	_, err := r.file.Write(line.Bytes())
	if err == nil && r.regular {
		err = r.file.Sync()
	}
	if err != nil && r.failed == nil {
		r.failed = err
	}
	return err
}

// close closes the file and returns the first failure of the run: a failed
// write, else a failed close.
func (r *recorder) close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	err := r.file.Close()
	if r.failed != nil {
		return r.failed
	}
	return err
}

// openError restates err, the failure to open the record file at path, with
// the path quoted and, when something that is not a regular file stands
// there, what the record file must be; the bare error would read "open .:
// is a directory".
func openError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	info, serr := os.Stat(path)
	dir := filepath.Dir(path)
	_, derr := os.Stat(dir)
	switch {
	case path == "":
		return errors.New("the record file's name is empty")
	case errors.Is(serr, fs.ErrNotExist) && errors.Is(derr, fs.ErrNotExist):
		return fmt.Errorf("cannot open %q: its directory %q does not exist", path, dir)
	case serr == nil && info.IsDir():
		return fmt.Errorf("%q is a directory; the record file must be a regular file or a pipe with a reader", path)
	case serr == nil && !info.Mode().IsRegular():
		return fmt.Errorf("cannot open %q: %w; the record file must be a regular file or a pipe with a reader", path, err)
	}
	return fmt.Errorf("cannot open %q: %w", path, err)
}
