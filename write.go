package toolbundle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A skillFile is one file of a skill as export-skill writes it: its path in
// the skill's directory, slash-separated ("SKILL.md", "references/t0.md"),
// and its bytes.
type skillFile struct {
	name string
	data []byte
}

// writeSet writes files, the files of a skill with SKILL.md last, into dir,
// the skill's directory, so that once it returns the directory holds the
// whole new set or the set it held before, and no temporary file unless the
// process was killed. stale names the references the SKILL.md there linked
// to; those the new set lacks are removed once it is in place. A file that
// already holds exactly its new bytes is left as it is, and no other file of
// dir is touched.
//
// It goes in three stages. First every file is written to a temporary name
// beside its target and synced; a failure or a cancelled ctx removes them
// and changes nothing. Then the files are put in place, SKILL.md last, so a
// host that reads the directory meanwhile may see new references beside the
// old SKILL.md, but never a SKILL.md linking to a reference that is not yet
// there. A file put in place is not given up: with force, a reference being
// replaced is first hard-linked (or, where the file system has no hard
// links, copied) to a backup name, and when a later file fails, every file
// already put in place is put back as it was, the backups renamed over them
// and the new files removed. Last, the backups, the stale references and an
// emptied references directory are removed; a failure there leaves the new
// skill in place and is returned as a warning, like a temporary name a hard
// link left behind.
//
// Without force, nothing already at a target (a file, a directory, a link,
// dangling or not) is replaced, even if it appears while the files are
// written: each file is hard-linked into place, which fails when the name
// is taken. With force, a rename replaces a file or a symbolic link itself,
// never a link's target. A directory is never replaced. The directories
// this call made, the skill's, its parents' and the references', are
// removed again on a failure, so that a failed export leaves no empty
// directory behind.
func writeSet(ctx context.Context, dir string, files []skillFile, stale []string, force bool, fault func(string) error) (warnings []error, err error) {
	// The skill's directory and the parents made with it, like the
	// references' one below, are removed again on a failure if they are
	// still empty.
	made, err := mkdirs(dir)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			removeEmpty(made)
		}
	}()
	inject := func(step string, f skillFile) error {
		if fault == nil {
			return nil
		}
		if f.name != "SKILL.md" {
			step += " " + f.name
		}
		return fault(step)
	}
	targets := make([]string, 0, len(files))
	all := files
	files = files[:0:0]
	for _, f := range all {
		target := filepath.Join(dir, filepath.FromSlash(f.name))
		switch info, err := os.Lstat(target); {
		case err == nil && info.IsDir():
			return nil, notFileError(target)
		case err == nil && !force:
			return nil, existsError(target)
		case err == nil && unchanged(target, info, f.data):
			// Already what would be written: left as it is, which
			// spares a re-export the sync of every reference.
			continue
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return nil, err
		}
		files, targets = append(files, f), append(targets, target)
	}

	// The references' directory is made once nothing stands in the way,
	// and removed again with the temporary files if this export made it.
	var refDir string
	var madeRefDir []string
	for _, f := range all {
		if d := path.Dir(f.name); d != "." {
			refDir = filepath.Join(dir, filepath.FromSlash(d))
			if madeRefDir, err = mkdirs(refDir); err != nil {
				return nil, err
			}
			break
		}
	}

	// Stage one: every file under a temporary name.
	temps := make([]string, 0, len(files))
	removeAll := func(names []string) {
		for _, n := range names {
			if n != "" {
				os.Remove(n)
			}
		}
		removeEmpty(madeRefDir)
	}
	for i, f := range files {
		tmp, err := writeTemp(filepath.Dir(targets[i]), path.Base(f.name), f.data, func(step string) error { return inject(step, f) })
		if err != nil {
			removeAll(temps)
			return nil, err
		}
		temps = append(temps, tmp)
		if ctx.Err() != nil {
			removeAll(temps)
			return nil, fmt.Errorf("interrupted: %w; nothing was written", context.Cause(ctx))
		}
	}

	// Stage two: each file in place, SKILL.md last, undone on a failure.
	backups := make([]string, len(files))
	put := 0
	undo := func(cause error) error {
		for j := put - 1; j >= 0; j-- {
			var err error
			if backups[j] != "" {
				err = os.Rename(backups[j], targets[j])
			} else {
				err = os.Remove(targets[j])
			}
			if err != nil {
				cause = fmt.Errorf("%w; and putting back %q failed, so it is the new one: %v", cause, targets[j], err)
			}
		}
		removeAll(temps)
		removeAll(backups)
		return cause
	}
	for i, f := range files {
		target := targets[i]
		err := error(nil)
		if force && f.name != "SKILL.md" {
			if _, lerr := os.Lstat(target); lerr == nil {
				if err = inject("backup", f); err == nil {
					backups[i], err = backup(target)
				}
			}
		}
		if err == nil {
			if err = inject("final", f); err == nil {
				if force {
					err = os.Rename(temps[i], target)
				} else {
					err = os.Link(temps[i], target)
				}
			}
		}
		if err != nil {
			return nil, undo(placeError(err, target, force))
		}
		put++
	}

	// Stage three: what is left over.
	for i, f := range files {
		if force {
			break // the renames took the temporary names
		}
		// The file is in place; a link left behind costs nothing but a
		// stray name, so it is a warning rather than a failure.
		err := inject("remove", f)
		if err == nil {
			err = os.Remove(temps[i])
		}
		switch {
		case err != nil && f.name == "SKILL.md":
			warnings = append(warnings, fmt.Errorf("the skill is written, but its temporary name %q is left beside it: %w", filepath.Base(temps[i]), err))
		case err != nil:
			warnings = append(warnings, fmt.Errorf("the skill is written, but the temporary name %q is left beside %q: %w", filepath.Base(temps[i]), f.name, err))
		}
	}
	for i, b := range backups {
		if b == "" {
			continue
		}
		if err := os.Remove(b); err != nil {
			warnings = append(warnings, fmt.Errorf("the skill is written, but the old %q is left as %q: %w", files[i].name, filepath.Base(b), err))
		}
	}
	written := make(map[string]bool, len(all))
	for _, f := range all {
		written[f.name] = true
	}
	for _, name := range stale {
		if written[name] {
			continue
		}
		err := inject("stale", skillFile{name: name})
		if err == nil {
			err = os.Remove(filepath.Join(dir, filepath.FromSlash(name)))
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			warnings = append(warnings, fmt.Errorf("the skill is written, but %q, the reference of a command it no longer has, is left: %w; remove it by hand", name, err))
		}
	}
	if refDir == "" && len(stale) > 0 {
		// Removed only when empty: a file of the user's keeps it.
		os.Remove(filepath.Join(dir, "references"))
	}
	return warnings, nil
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

// writeTemp writes data to a new temporary file in dir, named after base,
// synced to disk and readable by all, and returns its name. On failure it
// removes the file.
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
