package filetools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// walkParents opens, one level at a time, the existing directories on the
// way to dir, the directory of a file at the path p, relative to the tree.
// It returns the deepest of them as a root of its own, which the caller
// closes, and the rest of dir, which is missing, or "" when dir exists.
//
// Each level is opened from the one above it, so the walk costs one step a
// level instead of a resolution of the whole prefix from the tree's top.
// A symbolic link on the way is resolved from the tree's top instead, so
// that it may lead anywhere inside the tree (not only below the directory
// that holds it); it stays confined all the same. A symbolic link to nothing
// is refused by name: os.Root's MkdirAll would report "file exists" for a
// link that is the last directory and create the link's target for one
// further up, whereas mkdir -p refuses both. A file where a directory should
// be is refused by name too. An entry swapped for a link between the look
// and the open is followed only inside the directory that holds it.
func (t *tree) walkParents(p, dir string) (*os.Root, string, error) {
	cur, err := t.root.OpenRoot(".")
	if err != nil {
		return nil, "", explain(p, err)
	}
	if dir == "." {
		return cur, "", nil
	}
	elems := strings.Split(dir, string(filepath.Separator))
	for i := range elems {
		next, err := t.step(p, cur, elems[:i+1])
		if errors.Is(err, fs.ErrNotExist) {
			return cur, filepath.Join(elems[i:]...), nil
		}
		_ = cur.Close()
		if err != nil {
			return nil, "", err
		}
		cur = next
	}
	return cur, "", nil
}

// step opens the last of the elements prefix, a directory on the way to a
// file at the path p, from cur, the directory holding it. It returns an
// error matching fs.ErrNotExist, and nothing else, when the entry is
// missing.
func (t *tree) step(p string, cur *os.Root, prefix []string) (*os.Root, error) {
	elem := prefix[len(prefix)-1]
	// The prefix is spelt out only for a message, so that the walk does
	// not build a string of every length on the way.
	shown := func() string { return strings.Join(prefix, "/") }
	info, err := cur.Lstat(elem)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err != nil {
		return nil, explain(p, err)
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		full := filepath.Join(prefix...)
		target, err := t.root.Stat(full)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("path %q: %q is a symbolic link to nothing", p, shown())
		}
		if err != nil {
			return nil, t.explainAt(p, full, err)
		}
		if !target.IsDir() {
			return nil, fmt.Errorf("path %q: %q is not a directory", p, shown())
		}
		next, err := t.root.OpenRoot(full)
		if err != nil {
			return nil, t.explainAt(p, full, err)
		}
		return next, nil
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("path %q: %q is not a directory", p, shown())
	}
	if t.beforeOpen != nil {
		t.beforeOpen(shown())
	}
	next, err := cur.OpenRoot(elem)
	if err != nil {
		// Gone between the look and the open: report it as a failure
		// rather than as a missing directory to be created, which could
		// create it where the walk no longer is.
		return nil, explain(p, err)
	}
	return next, nil
}

// placement is the last part of one write: the directory that receives the
// file, opened as a root of its own, and what decides how the file may be
// put in place.
type placement struct {
	dir   *os.Root
	base  string      // the file's name in dir
	shown string      // the path as write_file prints it
	asked fs.FileInfo // what the user agreed to replace, nil for nothing
	force bool        // replace set: whatever is there goes
	// replaced says whether the write replaced a file; write sets it,
	// except with force, where it is what the first look saw.
	replaced bool
	// before runs just before the final step; tests use it to change the
	// tree at the worst moment.
	before func() error
	// link is dir.Link unless a test needs a file system without hard
	// links.
	link func(oldname, newname string) error
	// afterLook runs between the last look at the target and the swap;
	// tests use it to change the target inside the window the swap closes.
	afterLook func() error
	// keep says the temporary name may hold a file that is not this
	// write's, which a failure must then not remove.
	keep bool
	// stale, when set, is the refusal of a write whose target is no
	// longer asked, its removal included: edit_file's, whose new
	// contents were made from the old.
	stale string
	// owner is the regular file replaced, whose owner and group the new
	// one is given where they differ (see keepOwner); nil for none.
	owner fs.FileInfo
	// owned is write's note on an owner or group the new file could not
	// be given.
	owned []string
}

// write writes data to a fresh temporary file beside the target and puts
// it in place, so that the target holds either what it held or all of
// data. The file is given perm, which holds no setuid, setgid or sticky
// bit, and the owner and group of pl.owner where the system lets it. The
// temporary file is removed on every failure.
func (pl *placement) write(ctx context.Context, data []byte, perm fs.FileMode) (err error) {
	tmp := tempName(pl.base)
	f, err := pl.dir.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil && !pl.keep {
			_ = pl.dir.Remove(tmp)
		}
	}()
	if pl.owner != nil {
		if pl.owned, err = keepOwner(f, pl.owner, pl.shown); err != nil {
			_ = f.Close()
			return err
		}
	}
	if err := writeSynced(f, data); err != nil {
		return err
	}
	if err := pl.dir.Chmod(tmp, perm); err != nil {
		return err
	}
	// The last point at which an interrupt can still leave the old file.
	if err := ctx.Err(); err != nil {
		return err
	}
	if pl.before != nil {
		if err := pl.before(); err != nil {
			return err
		}
	}
	return pl.land(tmp, data, perm)
}

// land puts the temporary file tmp, holding data, at the target.
//
// With force it is renamed over whatever is there. Otherwise, where nothing
// stood at the first look, or where the file asked about has gone since, it
// is hard-linked to the target's name, which fails when a name has
// appeared meanwhile: the one step both checks and creates, so two calls
// creating one file cannot both succeed. Only where the file system makes
// no hard links (see noHardLink) is the file created in place instead; any
// other failure of the link is returned. Where the user agreed to replace a
// file, the entry is looked at once more, refused unless it is still that
// file (sameState), and swapped in (see swap).
func (pl *placement) land(tmp string, data []byte, perm fs.FileMode) error {
	if pl.force {
		return pl.dir.Rename(tmp, pl.base)
	}
	if pl.asked != nil {
		now, err := pl.dir.Lstat(pl.base)
		switch {
		case errors.Is(err, fs.ErrNotExist) && pl.stale != "":
			return staleAnswer(pl.stale)
		case errors.Is(err, fs.ErrNotExist):
			// Gone since the question: nothing is lost by writing there,
			// as a new file.
		case err != nil:
			return err
		case !sameState(pl.asked, now):
			return pl.changed()
		default:
			done, err := pl.swap(tmp)
			if done {
				return err
			}
			if pl.stale != "" {
				return staleAnswer(pl.stale)
			}
		}
	}
	pl.replaced = false
	link := pl.link
	if link == nil {
		link = pl.dir.Link
	}
	err := link(tmp, pl.base)
	switch {
	case errors.Is(err, fs.ErrExist):
		return pl.appeared()
	case err != nil && noHardLink(err):
		// A file system without hard links: the file is created under
		// its name exclusively and written there. No file that appears
		// meanwhile is replaced, but a reader may see the new file before
		// all of it is written.
		if err := pl.createInPlace(data, perm); err != nil {
			return err
		}
	case err != nil:
		// Any other failure (EIO, ENOSPC, ...) is this write's, not the
		// file system's way: it is returned (write_file names the path),
		// rather than met again, or hidden, by the weaker way.
		return err
	}
	// The file is in place under both names; a temporary name that cannot
	// be removed is left behind, as one of a killed process would be.
	_ = pl.dir.Remove(tmp)
	return nil
}

// changed is the refusal of a write whose target changed while the
// question about it was pending.
func (pl *placement) changed() error {
	if pl.stale != "" {
		return staleAnswer(pl.stale)
	}
	return staleAnswer(fmt.Sprintf("not replaced: %q changed while the question was pending; run the call again to be asked about it as it is now", pl.shown))
}

// swap replaces the file asked about with tmp, after a look that found it
// still there. It reports whether the write is done, with its error; when
// it is not, the target has gone meanwhile, and the caller creates it.
//
// Where the system can swap two names in one step (Linux's renameat2), the
// new file and the target trade names, and the file taken out is looked at:
// when it is not the one asked about, another program put it there after
// the look, and the two trade names back, so that it is not lost (it stood
// under the temporary name for that instant), and the write is refused.
// Elsewhere the look and a rename are two steps, and a file put at the path
// between them is replaced.
func (pl *placement) swap(tmp string) (bool, error) {
	mine, err := pl.dir.Lstat(tmp)
	if err != nil {
		return true, err
	}
	if pl.afterLook != nil {
		if err := pl.afterLook(); err != nil {
			return true, err
		}
	}
	err = exchange(pl.dir, tmp, pl.base)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		pl.replaced = true
		return true, pl.dir.Rename(tmp, pl.base)
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return true, err
	}
	if old, err := pl.dir.Lstat(tmp); err == nil && sameState(pl.asked, old) {
		pl.replaced = true
		// The old file is what the user agreed to lose; a name of it that
		// cannot be removed is left behind like a killed call's.
		_ = pl.dir.Remove(tmp)
		return true, nil
	}
	if err := exchange(pl.dir, tmp, pl.base); err != nil {
		pl.keep = true
		return true, fmt.Errorf("%q changed while the question was pending, and the file now there could not be put back from %q: %w", pl.shown, tmp, err)
	}
	if back, err := pl.dir.Lstat(tmp); err != nil || !os.SameFile(back, mine) {
		// Yet another file took the path meanwhile; whatever now has the
		// temporary name is kept.
		pl.keep = true
	}
	return true, pl.changed()
}

// createInPlace creates the target exclusively and writes data to it,
// removing it again when that fails.
func (pl *placement) createInPlace(data []byte, perm fs.FileMode) (err error) {
	f, err := pl.dir.OpenFile(pl.base, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return pl.appeared()
	}
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = pl.dir.Remove(pl.base)
		}
	}()
	if err := writeSynced(f, data); err != nil {
		return err
	}
	// The mode given to OpenFile is cut by the umask; the temporary file's
	// is not, and neither is this one's.
	return pl.dir.Chmod(pl.base, perm)
}

// writeSynced writes data to f, syncs it to disk and closes it, closing it
// on a failure too.
func writeSynced(f *os.File, data []byte) error {
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// appeared is the refusal of a write whose target appeared while the new
// file was being written.
func (pl *placement) appeared() error {
	return staleAnswer(fmt.Sprintf("not written: %q appeared while it was being written; run the call again to be asked about replacing it", pl.shown))
}

// makeDirs creates missing, a relative path of directories of which none
// exists in d, one level at a time, and returns those it created itself,
// outermost first, so that a write refused later can take them away again
// (removeDirs). A level that another call creates meanwhile is used as it
// is and not counted as created.
func makeDirs(d *os.Root, missing string) ([]string, error) {
	var created []string
	elems := strings.Split(missing, string(filepath.Separator))
	for i := range elems {
		dir := filepath.Join(elems[:i+1]...)
		switch err := d.Mkdir(dir, 0o755); {
		case err == nil:
			created = append(created, dir)
		case !errors.Is(err, fs.ErrExist):
			return created, err
		}
	}
	return created, nil
}

// removeDirs removes the directories created, innermost first, as
// makeDirs returned them. A directory that is no longer empty, because
// another call wrote into it meanwhile, stays, and so do those around it.
func removeDirs(d *os.Root, created []string) {
	for i := len(created) - 1; i >= 0; i-- {
		if d.Remove(created[i]) != nil {
			return
		}
	}
}
