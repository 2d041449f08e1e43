// Package fileset writes a set of files into a directory as one unit, and
// reads one of them back.
//
// [Write] leaves the directory holding either the whole new set or the set
// it held before, whatever fails on the way; [Read] reads a file of a set
// back for a comparison, refusing anything but a regular file of at most
// [MaxRead] bytes. The package serves export-skill: its messages speak of
// that command's --force and --check.
package fileset

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// A File is one file of a set: its path in the set's directory,
// slash-separated ("SKILL.md", "references/t0.md"), and its bytes.
type File struct {
	Name string
	Data []byte
}

// fault, when non-nil, is called before each step of a write: "create",
// "write" and "sync" of a temporary file, "backup" of a file being
// replaced, "final" when a file is put in place, "remove" of a temporary
// name after a hard link, and "stale" when a stale file is removed. The
// step is followed by a space and the file's name for every file but the
// last of the set, as in "final references/t0.md". An error it returns is
// taken as that step's failure. It is set only by the tests.
var fault func(step string) error

// Write writes files into dir so that once it returns the directory holds
// the whole new set or the set it held before, and no temporary file unless
// the process was killed. The last file is the one that links the others
// (SKILL.md); it is put in place last. stale names files of the set dir
// held before; those the new set lacks are removed once it is in place,
// with their directory when that is left empty. A file that already holds
// exactly its new bytes is left as it is, and no other file of dir is
// touched. The files may sit in dir or in one subdirectory of it.
//
// It goes in three stages. First every file is written to a temporary name
// beside its target and synced; a failure or a cancelled ctx removes them
// and changes nothing. Then the files are put in place, the last one last,
// so a reader of the directory may meanwhile see new files beside the old
// last one, but never a last file linking to one that is not yet there. A
// file put in place is not given up: with force, a file being replaced is
// first hard-linked (or, where the file system has no hard links, copied)
// to a backup name, and when a later file fails, every file already put in
// place is put back as it was, the backups renamed over them and the new
// files removed. Last, the backups, the stale files and an emptied
// directory are removed; a failure there leaves the new set in place and
// is returned as a warning, like a temporary name a hard link left behind.
//
// Without force, nothing already at a target (a file, a directory, a link,
// dangling or not) is replaced, even if it appears while the files are
// written: each file is hard-linked into place, which fails when the name
// is taken. A file that holds its new bytes when the write begins is left
// alone and counts as written, with force or without. With force, a rename replaces a file or a symbolic link itself,
// never a link's target. A directory is never replaced. The directories
// this call made, dir, its parents and the subdirectory, are removed again
// on a failure, so that a failed write leaves no empty directory behind.
//
// The Changes say what the write changed in dir: none when every file
// already held its bytes and no stale file was there to remove.
func Write(ctx context.Context, dir string, files []File, stale []string, force bool) (c Changes, warnings []error, err error) {
	if len(files) == 0 {
		return Changes{}, nil, nil
	}
	made, err := mkdirs(dir)
	if err != nil {
		return Changes{}, nil, err
	}
	defer func() {
		if err != nil {
			removeEmpty(made)
		}
	}()
	w := &writer{dir: dir, force: force, last: files[len(files)-1].Name}
	if err := w.choose(files); err != nil {
		return Changes{}, nil, err
	}
	if err := w.stage(ctx); err != nil {
		return Changes{}, nil, err
	}
	if err := w.place(); err != nil {
		return Changes{}, nil, err
	}
	warnings = w.cleanUp(files, stale)
	for _, f := range w.files {
		c.Written = append(c.Written, f.Name)
	}
	c.Removed = w.removed
	return c, warnings, nil
}

// Changes is what a Write changed in its directory: the names of the files
// it wrote, in the order of the set, those that already held their bytes
// left out, and of the stale files it removed, in the order given.
type Changes struct {
	Written []string
	Removed []string
}

// None reports whether the write changed nothing.
func (c Changes) None() bool { return len(c.Written) == 0 && len(c.Removed) == 0 }

// writer is one Write under way.
type writer struct {
	dir   string
	force bool
	last  string // the name of the file put in place last

	// files are those to be written, those that already hold their bytes
	// left out, and targets their paths; temps and backups, once made,
	// hold their temporary and backup names, "" where there is none.
	files   []File
	targets []string
	temps   []string
	backups []string

	subdir     string   // the set's subdirectory, "" when it has none
	madeSubdir []string // the directories made for it, for removeEmpty
	removed    []string // the names of the stale files removed
}

// inject calls the fault hook, if any, for step of the file named name.
func (w *writer) inject(step, name string) error {
	if fault == nil {
		return nil
	}
	if name != w.last {
		step += " " + name
	}
	return fault(step)
}

// choose picks the files to write, refusing what stands in the way, and
// makes the subdirectory once nothing does.
func (w *writer) choose(files []File) error {
	for _, f := range files {
		target := filepath.Join(w.dir, filepath.FromSlash(f.Name))
		switch info, err := os.Lstat(target); {
		case err == nil && info.IsDir():
			return notFileError(target)
		case err == nil && unchanged(target, info, f.Data):
			// Already what would be written: left as it is, with force or
			// without, which spares a rewrite the sync of every file.
			continue
		case err == nil && !w.force:
			return existsError(target)
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return err
		}
		w.files, w.targets = append(w.files, f), append(w.targets, target)
	}
	for _, f := range files {
		if d := path.Dir(f.Name); d != "." {
			w.subdir = filepath.Join(w.dir, filepath.FromSlash(d))
			var err error
			if w.madeSubdir, err = mkdirs(w.subdir); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// removeAll removes the names that are not "", and the subdirectory when
// this write made it and it is empty again.
func (w *writer) removeAll(names []string) {
	for _, n := range names {
		if n != "" {
			os.Remove(n)
		}
	}
	removeEmpty(w.madeSubdir)
}

// stage writes every file under a temporary name beside its target. On a
// failure, or once ctx is done, it removes them all again.
func (w *writer) stage(ctx context.Context) error {
	w.temps = make([]string, 0, len(w.files))
	for i, f := range w.files {
		tmp, err := writeTemp(filepath.Dir(w.targets[i]), path.Base(f.Name), f.Data, func(step string) error { return w.inject(step, f.Name) })
		if err != nil {
			w.removeAll(w.temps)
			return err
		}
		w.temps = append(w.temps, tmp)
		if ctx.Err() != nil {
			w.removeAll(w.temps)
			return fmt.Errorf("interrupted: %w; nothing was written", context.Cause(ctx))
		}
	}
	return nil
}

// place puts each staged file in place, the last one last. When one fails,
// it puts back every file it already placed and removes the temporary and
// backup names.
func (w *writer) place() error {
	w.backups = make([]string, len(w.files))
	for i, f := range w.files {
		target := w.targets[i]
		var err error
		if w.force && f.Name != w.last {
			if _, lerr := os.Lstat(target); lerr == nil {
				if err = w.inject("backup", f.Name); err == nil {
					w.backups[i], err = backup(target)
				}
			}
		}
		if err == nil {
			if err = w.inject("final", f.Name); err == nil {
				if w.force {
					err = os.Rename(w.temps[i], target)
				} else {
					err = os.Link(w.temps[i], target)
				}
			}
		}
		if err != nil {
			return w.undo(i, placeError(err, target, w.force))
		}
	}
	return nil
}

// undo puts back the placed files before the one at index failed, and
// returns cause with any file that could not be put back added to it.
func (w *writer) undo(failed int, cause error) error {
	for j := failed - 1; j >= 0; j-- {
		var err error
		if w.backups[j] != "" {
			err = os.Rename(w.backups[j], w.targets[j])
		} else {
			err = os.Remove(w.targets[j])
		}
		if err != nil {
			cause = fmt.Errorf("%w; and putting back %q failed, so it is the new one: %v", cause, w.targets[j], err)
		}
	}
	w.removeAll(w.temps)
	w.removeAll(w.backups)
	return cause
}

// cleanUp removes what the placed set leaves over: the temporary names of
// hard links, the backups, and the stale files the set, all of files, no
// longer holds. Each failure is a warning, since the set is in place.
func (w *writer) cleanUp(files []File, stale []string) (warnings []error) {
	for i, f := range w.files {
		if w.force {
			break // the renames took the temporary names
		}
		err := w.inject("remove", f.Name)
		if err == nil {
			err = os.Remove(w.temps[i])
		}
		switch {
		case err != nil && f.Name == w.last:
			warnings = append(warnings, fmt.Errorf("the skill is written, but its temporary name %q is left beside it: %w", filepath.Base(w.temps[i]), err))
		case err != nil:
			warnings = append(warnings, fmt.Errorf("the skill is written, but the temporary name %q is left beside %q: %w", filepath.Base(w.temps[i]), f.Name, err))
		}
	}
	for i, b := range w.backups {
		if b == "" {
			continue
		}
		if err := os.Remove(b); err != nil {
			warnings = append(warnings, fmt.Errorf("the skill is written, but the old %q is left as %q: %w", w.files[i].Name, filepath.Base(b), err))
		}
	}
	written := make(map[string]bool, len(files))
	for _, f := range files {
		written[f.Name] = true
	}
	emptied := map[string]bool{}
	for _, name := range stale {
		if written[name] {
			continue
		}
		err := w.inject("stale", name)
		if err == nil {
			err = os.Remove(filepath.Join(w.dir, filepath.FromSlash(name)))
		}
		switch {
		case err == nil:
			w.removed = append(w.removed, name)
		case !errors.Is(err, fs.ErrNotExist):
			warnings = append(warnings, fmt.Errorf("the skill is written, but %q, the reference of a command it no longer has, is left: %w; remove it by hand", name, err))
		}
		if d := path.Dir(name); d != "." {
			emptied[d] = true
		}
	}
	if w.subdir == "" {
		for d := range emptied {
			// Removed only when empty: a file of the user's keeps it.
			os.Remove(filepath.Join(w.dir, filepath.FromSlash(d)))
		}
	}
	return warnings
}

// existsError is the refusal to replace the file at target without force.
func existsError(target string) error {
	return fmt.Errorf("%q exists; give --force to replace it", target)
}

// notFileError is the refusal to replace a directory.
func notFileError(target string) error {
	return fmt.Errorf("%q is a directory; export-skill never replaces one, even with --force", target)
}

// placeError says why a file could not be put in place at target. A rename
// onto a directory fails with an error that names the temporary file and
// says the file exists, which reads as if --force had been ignored; the
// directory is named instead.
func placeError(err error, target string, force bool) error {
	if info, lerr := os.Lstat(target); lerr == nil && info.IsDir() {
		return notFileError(target)
	}
	switch {
	case force:
		return err
	case errors.Is(err, fs.ErrExist):
		return existsError(target)
	}
	return fmt.Errorf("%v; without --force the file is put in place with a hard link, "+
		"which this file system may not allow; --force renames it instead and needs no hard link", err)
}
