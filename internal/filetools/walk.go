package filetools

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// start searches from rel, one of the paths given, relative to root, which
// info describes as Stat saw it (so a symbolic link given is followed).
func (s *searcher) start(root *os.Root, rel string, info fs.FileInfo) error {
	name := filepath.ToSlash(rel)
	switch {
	case info.IsDir():
		// A .git directory is skipped even when named, like one met below.
		if path.Base(name) == ".git" {
			return nil
		}
		dir, err := root.OpenRoot(rel)
		if err != nil {
			return err
		}
		defer dir.Close()
		return s.walk(dir, name, true)
	case info.Mode().IsRegular():
		return s.file(root, rel, name)
	}
	return nil
}

// walk searches the directory dir, whose slash path in the tree is name,
// entry by entry in lexical order. An error reading the directory is
// returned for a path given (top) and skipped below it, like a file that
// cannot be read.
func (s *searcher) walk(dir *os.Root, name string, top bool) error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	entries, err := readDir(dir)
	if err != nil {
		if top {
			return err
		}
		return nil
	}
	for _, e := range entries {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		child := e.Name()
		if name != "." {
			child = name + "/" + child
		}
		switch {
		case e.IsDir():
			if e.Name() == ".git" {
				continue
			}
			if s.beforeOpen != nil {
				s.beforeOpen(child)
			}
			sub, err := dir.OpenRoot(e.Name())
			if err != nil {
				// Out of descriptors is no property of the directory:
				// skipping it would give a partial result in silence.
				if isTooManyOpen(err) {
					return err
				}
				continue
			}
			err = s.walk(sub, child, false)
			_ = sub.Close()
			if err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := s.file(dir, e.Name(), child); err != nil {
				return err
			}
		}
		if s.stopped {
			return nil
		}
	}
	return nil
}

// readDir returns the entries of dir sorted by name.
func readDir(dir *os.Root) ([]fs.DirEntry, error) {
	f, err := dir.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}
