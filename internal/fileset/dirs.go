package fileset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
		return nil, err
	}
	return made, nil
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
