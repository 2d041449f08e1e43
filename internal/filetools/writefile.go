package filetools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttool/agenttool"
)

// RecordNS is the namespace of the record write_file leaves for each file
// it writes.
const RecordNS = "file-tools:write"

// writeArgs are the arguments of write_file.
type writeArgs struct {
	Path    string `json:"path" desc:"File to write"`
	Content string `json:"content" desc:"The new contents"`
	Replace bool   `json:"replace,omitempty" desc:"Replace without asking"`
}

// written is the record of one write: what was written where, for an audit
// log kept with a runner's --record.
type written struct {
	Path     string `json:"path"`
	Bytes    int    `json:"bytes"`
	SHA256   string `json:"sha256"`
	Replaced bool   `json:"replaced"`
}

// RecordNS makes a write's details an agenttool.Recordable.
func (written) RecordNS() string { return RecordNS }

// WriteFile returns the write_file tool, confined to the tree at root.
//
// It writes content verbatim to the path, creating missing parent
// directories with mode 0755, and prints "wrote <path> (<n> bytes)" with the
// path relative to the tree and slash-separated, quoted in Go's syntax when
// it holds a line break or another character that is not printable, as
// search shows such a name, so that the output stays one line; the
// question below names it the same way. The result's Details are an
// agenttool.Recordable in namespace RecordNS holding the path, the byte
// count, the SHA-256 of the content and whether a file was replaced. A
// content that holds \n as a backslash and an n, and no line break, is
// written so too, with a note that it was, since a model that typed it in
// single quotes meant a line break; a content of "-" alone gets a note
// that it is not read from stdin. A new file, or the first new directory
// made for it, whose name looks like an entry beside it (the same but for
// case, white space or control characters at its ends, or the encoding of
// an accent: Src/ where src/ is) or has white space or a control
// character at an end, gets a note naming both, since a model that wrote
// it most likely meant what is there.
//
// When something other than a directory already sits at the path and
// replace is false, it first asks "Replace <path> (<n> bytes, sha256 <h>)
// with <m> bytes (sha256 <k>)?", h the first 8 hex digits of the sha256 of
// the file and m and k those of the content; of a symbolic link, "Replace
// the symbolic link <path> (to "<target>", <n> bytes, sha256 <h>) with a
// file of <m> bytes (sha256 <k>)? The file it leads to stays as it is.",
// or, when it leads to no regular file in the tree, "(to "<target>", which
// leads to nothing)" or "(to "<target>", which stays as it is)". It asks through
// the elicitor on the context (agenttool.ElicitorFrom). Accept writes; decline
// fails with `not replaced: "<path>" exists and the user declined`;
// cancel, or no elicitor at all, fails with `not replaced: "<path>" exists;
// nobody confirmed the replacement`, which a runner turns into a question
// for its caller to answer on a rerun. Nothing is touched before the
// answer. A file that cannot be read for the hash, or that changes while it
// is read, is refused before anything is asked; with replace set, nothing
// is read.
//
// An accept covers the file the question described: when the file changed
// while the question was pending (another file, size, mode or modification
// time), the write is refused with `not replaced: "<path>" changed while the
// question was pending; …` and the newer file kept; when it was removed
// meanwhile, the write goes ahead as a new file. A new file is put in place
// with a hard link, which fails when the name exists, so a file that
// appears at a free path while the new one is written is kept and the
// write refused (`not written: "<path>" appeared while it was being
// written; …`): of two calls creating one file, exactly one succeeds. The
// file asked about is replaced after a last look; on Linux the new file
// then trades names with it in one step (renameat2 with RENAME_EXCHANGE)
// and the file taken out is checked again, and traded back, the write
// refused, when it is not the one asked about, so of two accepted calls
// replacing one file exactly one succeeds. Elsewhere, or on a file system that cannot trade
// names, the last look is followed by a rename, and a file that another
// program puts at the path in the microseconds between the two is
// replaced. With replace set, neither check is made. Where the file system
// has no hard links (the link fails with EPERM, EXDEV, EMLINK or an
// "unsupported" error), a new file is created under its own name
// exclusively and written there, so it is still never put over another,
// but a reader may see it before it is complete; any other failure of the
// link (EIO, ENOSPC, ...) fails the write.
//
// The write is otherwise atomic: the content goes to a temporary file
// ".<base>.<random>.tmp" beside the target (base cut short for a long
// name), which is synced, given the replaced file's permission bits but
// not its setuid, setgid or sticky bit (0644 for a new file) and renamed
// or linked to the path. On Unix it is given
// the replaced file's owner and group too, where they differ from its
// own; where the system refuses (only root gives a file to another user),
// it keeps the group where it may, and a note says whose the file now is. A symbolic link at the
// path is itself replaced; its target is left alone, and the output says
// so (`wrote a.txt (3 bytes), in place of the symbolic link to "b.txt",
// which is unchanged`). On failure, or when
// the context ends before that last step, the temporary file is removed
// and the old file is unchanged. The tree itself and a directory are
// refused, and so is a path ending in a separator. Missing parent
// directories are created, but a symbolic link to nothing on the way is
// refused by name (`path "<p>": "<link>" is a symbolic link to nothing`),
// as mkdir -p refuses it, and so is a file where a directory should be
// (`path "<p>": "<file>" is not a directory`); a write refused after it
// created directories removes those it created. The directories on the way
// are opened one level at a time, so a write costs time in proportion to
// the path's depth. A write that would create an entry named after a
// quoted ~ or $HOME is refused (see unexpanded). A path quoted in Go's
// syntax, as list_files prints a name that could mislead, writes the entry
// of that name when there is one, as read_file and edit_file read it; else
// the name is written as given, quotes and all. A content holding a NUL
// byte is written, with a note that the file is then not text. A file its
// owner may not write, or that the user running the tool may not, as an
// open for writing tells (see replaceable), is refused, with or without
// replace, before anything is asked; one with other names (hard links) is
// replaced under this one alone, with a note.
func WriteFile(root string) agenttool.Tool {
	return agenttool.New("write_file",
		"Write a text file, making directories. Asks before replacing one, unless --replace.",
		func(ctx context.Context, args writeArgs) (agenttool.Result, error) {
			res, err := writeFile(ctx, root, args)
			return res, unwritten(ctx, err)
		},
		agenttool.WithAnnotations(agenttool.Annotations{Destructive: true}))
}

// unwritten returns err, the failure of a call that writes a file, saying
// that nothing was written when the end of ctx, an interrupt most often,
// is what failed it: a write looks at ctx for the last time before its file
// is put in place, so the tree is as it was. The cause of the end is named
// as the runner names it, once.
func unwritten(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err
	}
	if cause := context.Cause(ctx); cause != ctx.Err() && !errors.Is(err, cause) {
		return fmt.Errorf("%w (%w); nothing was written", err, cause)
	}
	return fmt.Errorf("%w; nothing was written", err)
}

// writeFile runs one call of write_file on the tree at root.
func writeFile(ctx context.Context, root string, args writeArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	return t.writeFile(ctx, args)
}

// fileTarget resolves path, given by a call that writes a file, to its
// name relative to the tree, that name as shown (slashes), and its last
// element; a path that names a directory is refused.
func (t *tree) fileTarget(path string) (rel, shown, base string, err error) {
	rel, err = t.resolve(path)
	if err != nil {
		return "", "", "", err
	}
	// A trailing separator says the model meant a directory; cleaning the
	// path would silently make it a file instead.
	if rel == "." || meansDirectory(path) {
		return "", "", "", fmt.Errorf("path %q names a directory, not a file", path)
	}
	return rel, filepath.ToSlash(rel), filepath.Base(rel), nil
}

// place writes data with perm as p says, for the call that gave path: a
// stale answer or the call's cancellation as they are, any other failure
// explained in the terms of path.
func (p *placement) place(ctx context.Context, path string, data []byte, perm fs.FileMode) error {
	err := p.write(ctx, data, perm)
	var stale staleAnswer
	switch {
	case err == nil, errors.As(err, &stale), ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return err
	}
	return explain(path, err)
}

// writeFile runs one call of write_file on the tree.
func (t *tree) writeFile(ctx context.Context, args writeArgs) (agenttool.Result, error) {
	args.Path = t.quoted(args.Path)
	rel, shown, base, err := t.fileTarget(args.Path)
	if err != nil {
		return agenttool.Result{}, err
	}
	// Everything from here on happens in the target's directory, opened
	// one level at a time, so that no step resolves the whole path again:
	// the cost of a write grows with the depth, not with its square.
	d, missing, err := t.walkParents(args.Path, filepath.Dir(rel))
	if err != nil {
		return agenttool.Result{}, err
	}
	defer d.Close()
	placed := false
	perm := fs.FileMode(0o644)
	// owner is the regular file replaced, whose owner and group the new
	// one keeps; nil for a new file or one in place of a link.
	var owner fs.FileInfo
	replaced := false
	// asked is what stood at the path when the user was asked about it,
	// nil when nothing stood there.
	var asked fs.FileInfo
	// was is what the output adds when a symbolic link stood at the path,
	// linked the note on a replaced file with other names.
	was := ""
	var linked []string
	// lookAlike is the note on a new entry whose name looks like one
	// beside it (see lookAlikeNote).
	var lookAlike []string
	if missing == "" {
		switch info, err := d.Lstat(base); {
		case errors.Is(err, fs.ErrNotExist):
			if err := unexpanded(args.Path, rel, base); err != nil {
				return agenttool.Result{}, err
			}
			lookAlike = lookAlikeNote(d, filepath.Dir(rel), base, false)
		case err != nil:
			return agenttool.Result{}, explain(args.Path, err)
		case info.IsDir():
			return agenttool.Result{}, fmt.Errorf("path %q is a directory", args.Path)
		case info.Mode()&fs.ModeSymlink == 0 && !info.Mode().IsRegular():
			return agenttool.Result{}, fmt.Errorf("path %q is not a regular file", args.Path)
		default:
			if info.Mode().IsRegular() {
				if err := replaceable(d, base, args.Path, info, "replaced"); err != nil {
					return agenttool.Result{}, err
				}
				perm = info.Mode().Perm()
				owner = info
				linked = linksNote(info)
			} else {
				was = linkNote(d, base)
			}
			if !args.Replace {
				question, err := t.question(d, base, rel, shown, info, args.Content)
				switch {
				case errors.Is(err, errChanged):
					return agenttool.Result{}, explain(args.Path, err)
				case err != nil:
					return agenttool.Result{}, fmt.Errorf("%w; the question names the file's hash, and --replace replaces it without one", explain(args.Path, err))
				}
				if err := confirm(ctx, shown, question); err != nil {
					return agenttool.Result{}, err
				}
				asked = info
			}
			replaced = true
		}
	} else {
		// Nothing can stand at a path whose directory is missing, so
		// there was nothing to ask about; the directories are created
		// only now.
		if err := unexpanded(args.Path, rel, filepath.Join(missing, base)); err != nil {
			return agenttool.Result{}, err
		}
		existing := filepath.Dir(rel)
		for range strings.Count(missing, string(filepath.Separator)) + 1 {
			existing = filepath.Dir(existing)
		}
		lookAlike = lookAlikeNote(d, existing, strings.Split(missing, string(filepath.Separator))[0], true)
		if lookAlike == nil {
			lookAlike = lookAlikeNote(nil, filepath.Dir(rel), base, false)
		}
		created, err := makeDirs(d, missing)
		var sub *os.Root
		if err == nil {
			sub, err = d.OpenRoot(missing)
		}
		if err != nil {
			removeDirs(d, created)
			return agenttool.Result{}, explain(args.Path, err)
		}
		defer sub.Close()
		// A write refused from here on leaves no directory behind: the
		// call changes nothing, as any refusal.
		parent := d
		defer func() {
			if !placed {
				removeDirs(parent, created)
			}
		}()
		d = sub
	}
	// An answer may come long after the question, from a person at a
	// terminal, and an accept covers the file the question described, not
	// one written since; a file that appears while a new one is written
	// was not asked about at all. With replace set, whatever is there goes.
	final := &placement{dir: d, base: base, shown: shown, asked: asked, force: args.Replace, replaced: replaced, owner: owner}
	if err := final.place(ctx, args.Path, []byte(args.Content), perm); err != nil {
		return agenttool.Result{}, err
	}
	placed = true
	sum := sha256.Sum256([]byte(args.Content))
	return agenttool.Result{
		Output: agenttool.Output{Text: fmt.Sprintf("wrote %s (%d %s)%s", shownName(shown), len(args.Content), plural(int64(len(args.Content)), "byte", "bytes"), was),
			Notes: slices.Concat(escapeNote("content", args.Content, ""), stdinNote(args.Content), nulNote(args.Content), linked, final.owned, lookAlike)},
		Details: written{
			Path:     shown,
			Bytes:    len(args.Content),
			SHA256:   hex.EncodeToString(sum[:]),
			Replaced: final.replaced,
		},
	}, nil
}

// linkNote returns what the output of a write adds about the symbolic
// link base in d that the write replaces with a file: the link's target,
// and that the target, when there is one, is left as it was, so that a
// model that meant to change the file the link leads to (CLAUDE.md linked
// to AGENTS.md) learns that it did not.
func linkNote(d *os.Root, base string) string {
	target, err := d.Readlink(base)
	if err != nil {
		return ", in place of a symbolic link"
	}
	if _, err := d.Stat(base); errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf(", in place of the symbolic link to %q, which led to nothing", target)
	}
	return fmt.Sprintf(", in place of the symbolic link to %q, which is unchanged", target)
}

// staleAnswer is the refusal of a write whose target is no longer what
// write_file saw when it first looked: a file changed after the user agreed
// to replace it, or one that appeared where there was none.
type staleAnswer string

// Error returns the message as it was written.
func (e staleAnswer) Error() string { return string(e) }

// sameState reports whether two observations of the entry at one path show
// the same thing: the same file, of the same size, mode and modification
// time. A rewrite in place that keeps all of these within one tick of the
// file system's clock goes unseen.
func sameState(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.Mode() == b.Mode() && a.ModTime().Equal(b.ModTime())
}
