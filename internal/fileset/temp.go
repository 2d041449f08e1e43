package fileset

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// This file holds the files a write makes beside its targets: the
// temporary files it stages, and the backups it keeps of the files it
// replaces.

// writeTemp writes data to a new temporary file in dir, named after base,
// synced to disk and readable by all, and returns its name. On failure it
// removes the file. inject is the fault hook for its steps.
func writeTemp(dir, base string, data []byte, inject func(string) error) (name string, err error) {
	if err := inject("create"); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "."+strings.ReplaceAll(base, "*", "")+".*.tmp")
	if err != nil {
		// The error names a random file that was never created; the
		// directory is what the user can act on.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("cannot create a temporary file in %q: %w", dir, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = inject("write"); err != nil {
		return "", err
	}
	if _, err = f.Write(data); err != nil {
		return "", err
	}
	if err = inject("sync"); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	// CreateTemp makes the file private; a skill is read by whoever runs the
	// host, like any other file of the tree.
	if err = f.Chmod(0o644); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// backup keeps the file at target under a new name beside it, for putting it
// back, and returns that name: a hard link where the file system allows one,
// a copy otherwise.
func backup(target string) (string, error) {
	dir, base := filepath.Split(target)
	f, err := os.CreateTemp(dir, "."+base+".*.old")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return "", err
	}
	if os.Link(target, name) == nil {
		return name, nil
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// unchanged reports whether target, of which info is the Lstat, is a
// regular file holding exactly data.
func unchanged(target string, info fs.FileInfo, data []byte) bool {
	if !info.Mode().IsRegular() || info.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(target)
	return err == nil && bytes.Equal(old, data)
}
