package filetools

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// start searches from rel, one of the paths given, relative to top, which
// info describes as Stat saw it (so a symbolic link given is followed).
func (s *searcher) start(top *dirRef, rel string, info fs.FileInfo) error {
	name := filepath.ToSlash(rel)
	switch {
	case info.IsDir():
		// A .git directory is skipped even when named, like one met below,
		// but with a note, lest "no matches" read as an answer about it.
		if path.Base(name) == ".git" {
			s.gitDirs.add(name)
			return nil
		}
		sub, err := top.root.OpenRoot(rel)
		if err != nil {
			return err
		}
		dir, err := openDir(sub)
		if err != nil {
			_ = sub.Close()
			return err
		}
		defer dir.release()
		return s.walk(dir, name, true)
	case info.Mode().IsRegular():
		s.queue(top, rel, "")
	}
	return nil
}

// walk searches the directory dir, whose slash path in the tree is name,
// entry by entry in byte order. An error reading the directory is
// returned for a path given (top) and counted below it, like a file that
// cannot be read.
func (s *searcher) walk(dir *dirRef, name string, top bool) error {
	if err := s.walkDone(); err != nil {
		return err
	}
	// Each level of the walk keeps the room of its entries for the next
	// directory at that level.
	depth := s.depth
	s.depth++
	defer func() { s.depth-- }()
	if depth == len(s.entries) {
		s.entries = append(s.entries, nil)
	}
	entries, err := listDir(dir, &s.listing, s.entries[depth][:0])
	s.entries[depth] = entries
	if err != nil {
		if top || isTooManyOpen(err) {
			return err
		}
		s.badDirs.add(shownName(name))
		return nil
	}
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	if !slices.ContainsFunc(entries, func(e dirEntry) bool { return e.typ.IsRegular() }) {
		dir.dropDir()
	}
	for _, e := range entries {
		if err := s.walkDone(); err != nil {
			return err
		}
		switch {
		case e.typ.IsDir():
			if e.name == ".git" {
				continue
			}
			child := e.name
			if name != "." {
				child = name + "/" + child
			}
			if err := s.subdir(dir, e.name, child); err != nil {
				return err
			}
		case e.typ.IsRegular() && !isTempName(e.name):
			parent := name
			if name == "." {
				parent = ""
			}
			s.queue(dir, e.name, parent)
		}
	}
	return nil
}

// subdir searches the directory elem of dir, whose slash path is name.
func (s *searcher) subdir(dir *dirRef, elem, name string) error {
	if s.beforeOpen != nil {
		s.beforeOpen(name)
	}
	sub, err := dir.root.OpenRoot(elem)
	if err == nil {
		var d *dirRef
		if d, err = openDir(sub); err == nil {
			err = s.walk(d, name, false)
			d.release()
			return err
		}
		_ = sub.Close()
	}
	// Out of descriptors is no property of the directory: skipping it
	// would give a partial result in silence.
	if isTooManyOpen(err) {
		return err
	}
	s.badDirs.add(shownName(name))
	return nil
}

// dirEntry is an entry of a directory: its name and its type bits.
type dirEntry struct {
	name string
	typ  fs.FileMode
}

// readDirEntries appends to entries the entries of the directory f.
func readDirEntries(f *os.File, entries []dirEntry) ([]dirEntry, error) {
	list, err := f.ReadDir(-1)
	if err != nil {
		return entries, err
	}
	for _, e := range list {
		entries = append(entries, dirEntry{name: e.Name(), typ: e.Type()})
	}
	return entries, nil
}
