package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// writeAtomic writes data to path so that path afterwards holds either all
// of data or what it held before, and no temporary file is left behind
// unless the process is killed. Without force, nothing already at path (a
// file, a directory, a link, dangling or not) is replaced, even if it appears
// while the file is being written: the new file is hard-linked into place,
// which fails when the name is taken. With force, a rename replaces a file or
// a symbolic link itself, never a link's target. After a successful write,
// stray is the reason a temporary name left beside the file could not be
// removed, or nil.
func writeAtomic(ctx context.Context, path string, data []byte, force bool, fault func(string) error) (stray, err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		// MkdirAll says "file exists" for a dangling link and "not a
		// directory" for a file; say what is in the way instead.
		info, serr := os.Stat(dir)
		_, lerr := os.Lstat(dir)
		if lerr == nil && (serr == nil && !info.IsDir() || errors.Is(serr, fs.ErrNotExist)) {
			return nil, fmt.Errorf("%q is neither a directory nor a link to one", dir)
		}
		return nil, err
	}
	exists := fmt.Errorf("%q exists; give --force to replace it", path)
	// A rename onto a directory fails with an error that names the
	// temporary file and says the file exists, which reads as if --force
	// had been ignored; name the directory instead.
	isDir := func() bool {
		info, err := os.Lstat(path)
		return err == nil && info.IsDir()
	}
	notFile := fmt.Errorf("%q is a directory; export-skill never replaces one, even with --force", path)
	switch info, err := os.Lstat(path); {
	case err == nil && info.IsDir():
		return nil, notFile
	case err == nil && !force:
		return nil, exists
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	inject := func(step string) error {
		if fault == nil {
			return nil
		}
		return fault(step)
	}
	tmp, err := writeTemp(dir, data, inject)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		os.Remove(tmp)
		return nil, errors.New("interrupted; nothing was written")
	}

	if err = inject("final"); err == nil {
		if force {
			err = os.Rename(tmp, path)
		} else {
			err = os.Link(tmp, path)
		}
	}
	if err != nil {
		os.Remove(tmp)
		switch {
		case isDir():
			return nil, notFile
		case force:
			return nil, err
		case errors.Is(err, fs.ErrExist):
			return nil, exists
		default:
			return nil, fmt.Errorf("%v; without --force the file is put in place with a hard link, "+
				"which this file system may not allow; --force renames it instead and needs no hard link", err)
		}
	}
	if !force {
		// The file is in place; a link left behind costs nothing but a
		// stray name, so it is a warning rather than a failure.
		err := inject("remove")
		if err == nil {
			err = os.Remove(tmp)
		}
		if err != nil {
			stray = fmt.Errorf("the skill is written, but its temporary name %q is left beside it: %w", filepath.Base(tmp), err)
		}
	}
	return stray, nil
}

// writeTemp writes data to a new temporary file in dir, synced to disk and
// readable by all, and returns its name. On failure it removes the file.
func writeTemp(dir string, data []byte, inject func(string) error) (name string, err error) {
	if err := inject("create"); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, ".SKILL.md.*.tmp")
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
