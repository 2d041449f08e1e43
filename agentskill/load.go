package agentskill

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Load reads the skill whose directory is the root of fsys, and sets
// DirName from location, the path of that directory as a host names it.
//
// The skill file is SKILL.md or, failing that, skill.md. When the root can
// be listed, a name counts only when listed with exactly that case and not
// a directory (a symbolic link counts when it leads to a file), so a
// case-insensitive file system cannot pass skill.md off as SKILL.md. When
// it cannot be listed, each name is read in turn. Neither file gives
// [ErrNoSkillFile]; a read error is wrapped as "agentskill: read <name>:
// <err>", and a parse error is returned as [Parse] gave it.
//
// DirName is the last element of location, a path in the form of the
// operating system or with forward slashes, trailing slashes ignored. It
// is "" when location is "", "." or "/", which leaves the name of the
// directory unchecked.
func Load(fsys fs.FS, location string) (*Skill, error) {
	data, err := readSkillFile(fsys)
	if err != nil {
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return nil, err
	}
	s.DirName = dirName(location)
	return s, nil
}

// readSkillFile returns the contents of the skill file at the root of fsys.
func readSkillFile(fsys fs.FS) ([]byte, error) {
	names := [...]string{"SKILL.md", "skill.md"} // in order of preference
	read := func(name string) ([]byte, error) {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("agentskill: read %s: %w", name, err)
		}
		return data, nil
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		for _, name := range names {
			data, err := read(name)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return data, err
		}
		return nil, ErrNoSkillFile
	}
	for _, name := range names {
		for _, e := range entries {
			if e.Name() != name || e.IsDir() {
				continue
			}
			if e.Type()&fs.ModeSymlink != 0 {
				// A dangling link leads to no file; an error such as
				// ErrOutside from LoadDir's guard must not be skipped.
				fi, err := fs.Stat(fsys, name)
				if errors.Is(err, fs.ErrNotExist) || err == nil && fi.IsDir() {
					continue
				}
				if err != nil {
					return nil, fmt.Errorf("agentskill: read %s: %w", name, err)
				}
			}
			return read(name)
		}
	}
	return nil, ErrNoSkillFile
}

// dirName returns the last element of location, or "" for "", "." and "/".
func dirName(location string) string {
	p := strings.TrimRight(filepath.ToSlash(location), "/")
	base := p[strings.LastIndex(p, "/")+1:]
	if base == "." {
		return ""
	}
	return base
}

// LoadDir reads the skill in the directory dir of the operating system's
// file system, as [Load] does, with DirName the base name of dir.
//
// dir may be a symbolic link to the skill's directory; DirName is then the
// link's name, the one a host listing the parent directory sees. Nothing
// outside the skill's directory is ever read: a SKILL.md that is a
// symbolic link leading elsewhere gives an error matching [ErrOutside],
// while links that stay inside, absolute or relative, are followed. A dir
// that is not a directory gives the error "agentskill: <dir>: not a
// directory".
func LoadDir(dir string) (*Skill, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("agentskill: %s: not a directory", dir)
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(resolved)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return Load(guardFS{dir: resolved, fsys: root.FS()}, abs)
}

// guardFS is the file system of a skill's directory, which must not lead
// outside it. The underlying os.Root already refuses to escape, but it also
// refuses links that stay inside, when they are absolute or pass through
// the parent; the guard resolves every name first, so that those reach
// their file and an escape fails with an error that says why and matches
// ErrOutside.
type guardFS struct {
	dir  string // the directory, its symbolic links resolved
	fsys fs.FS  // the os.Root of dir
}

// resolve refuses an invalid name and a name whose symbolic links lead
// outside g.dir. Otherwise it returns the name with its links resolved,
// relative to g.dir, under which the os.Root reaches the file without
// following a link it would refuse. A name that does not exist passes
// unchanged: the operation that follows reports it.
func (g guardFS) resolve(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	target, err := filepath.EvalSymlinks(filepath.Join(g.dir, filepath.FromSlash(name)))
	if errors.Is(err, fs.ErrNotExist) {
		return name, nil
	}
	if err != nil {
		return "", &fs.PathError{Op: op, Path: name, Err: err}
	}
	rel, err := filepath.Rel(g.dir, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", &fs.PathError{Op: op, Path: name, Err: ErrOutside}
	}
	return filepath.ToSlash(rel), nil
}

// Open implements fs.FS.
func (g guardFS) Open(name string) (fs.File, error) {
	rel, err := g.resolve("open", name)
	if err != nil {
		return nil, err
	}
	return g.fsys.Open(rel)
}

// ReadFile implements fs.ReadFileFS.
func (g guardFS) ReadFile(name string) ([]byte, error) {
	rel, err := g.resolve("open", name)
	if err != nil {
		return nil, err
	}
	return fs.ReadFile(g.fsys, rel)
}

// ReadDir implements fs.ReadDirFS.
func (g guardFS) ReadDir(name string) ([]fs.DirEntry, error) {
	rel, err := g.resolve("readdir", name)
	if err != nil {
		return nil, err
	}
	return fs.ReadDir(g.fsys, rel)
}

// Stat implements fs.StatFS.
func (g guardFS) Stat(name string) (fs.FileInfo, error) {
	rel, err := g.resolve("stat", name)
	if err != nil {
		return nil, err
	}
	return fs.Stat(g.fsys, rel)
}
