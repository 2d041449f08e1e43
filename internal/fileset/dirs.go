package fileset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// This file holds the directories a write makes for a set, and their
// removal when the write fails: what Write makes it also unmakes,
// and nothing else.

// mkdirs makes the directory dir and its parents, saying what is in the way
// when something is. made lists the directories this call made, dir first
// and each parent after the directory it holds, for removeEmpty: each one
// is made by a Mkdir of its own, so one that another process made meanwhile
// is not among them.
func mkdirs(dir string) (made []string, err error) {
	// The names that are not there, innermost first. One that cannot even
	// be looked up (too long, say) is among them: its Mkdir fails, and
	// MkdirAll below reports why.
	var missing []string
	for d := dir; ; {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], 0o755); err != nil {
			break // made meanwhile, or in the way: MkdirAll tells
		}
		made = append(made, missing[i])
	}
	slices.Reverse(made)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		// A failure partway leaves the outer directories made.
		removeEmpty(made)
		// MkdirAll says "file exists" for a dangling link and "not a
		// directory" for a file; say what is in the way instead.
		info, serr := os.Stat(dir)
		_, lerr := os.Lstat(dir)
		if lerr == nil && (serr == nil && !info.IsDir() || errors.Is(serr, fs.ErrNotExist)) {
			return nil, fmt.Errorf("%q is neither a directory nor a link to one", dir)
		}
		// Go's "mkdir <path>: <why>" restated with the path quoted.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("cannot make the directory %q: %w", pe.Path, pe.Err)
		}
		return nil, err
	}
	return made, nil
}

// InTheWay returns the nearest part of dir that exists, dir itself or one
// of its parents, when that part is not a directory nor a link to one, so
// that no directory could be made or read there: for a dir of
// "notes.txt/skills" where notes.txt is a file, "notes.txt". It returns
// false when that part is a directory, when no part exists, and when one
// cannot be looked at for another reason, which the write or read itself
// then reports. The nearest part that exists is looked at, since Windows
// reports a path below a file as missing rather than as one.
func InTheWay(dir string) (string, bool) {
	for p := filepath.Clean(dir); ; {
		info, err := os.Stat(p)
		switch {
		case err == nil:
			return p, !info.IsDir()
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return "", false
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", false
		}
		p = parent
	}
}

// removeEmpty removes the directories mkdirs made, innermost first, passing
// over those that are gone, and stops at the first that cannot be removed
// or is no longer a directory: one that something else put a file into
// meanwhile keeps it and its parents.
func removeEmpty(made []string) {
	for _, d := range made {
		info, err := os.Lstat(d)
		if err != nil {
			continue
		}
		if !info.IsDir() || os.Remove(d) != nil {
			return
		}
	}
}
