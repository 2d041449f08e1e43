package filetools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool"
)

const (
	// maxEdited is the largest file edit_file changes.
	maxEdited = 8 << 20
	// shownLines is how many line numbers of occurrences a message gives.
	shownLines = 5
)

// editArgs are the arguments of edit_file.
type editArgs struct {
	Path string `json:"path" desc:"File to edit"`
	Old  string `json:"old" desc:"The exact text, found once"`
	New  string `json:"new" desc:"Its replacement"`
	All  bool   `json:"all,omitempty" desc:"Replace every one"`
}

// EditFile returns the edit_file tool, confined to the tree at root.
//
// It replaces the one occurrence of old in the text file at path with new
// and prints "replaced 1 occurrence at line <n>", the line where it
// started. No occurrence, or more than one, is refused, naming the count
// and the first lines where they are, unless all is set, which replaces
// every one ("replaced <k> occurrences at lines <a>, <b> and <c>", the
// first five lines named, each once). Occurrences are counted as
// strings.Count counts them, without overlaps. When old does not occur but
// would with capitals and small letters taken as one (strings.ToLower of
// both), or else with spaces and tabs ignored, as when it is indented
// other than the file, the refusal names the lines where it would and the
// read_file flags that show their exact text. When every line of old
// starts with spaces, digits and a tab, as read_file --numbered prints a
// line's number before it, the refusal says that the numbers are not in
// the file and, when old occurs without them, how many times and at which
// lines. When old occurs only with its accented letters encoded the other
// way, precomposed (é as U+00E9) where the file has a letter and
// combining marks (e and U+0301) or the other way round, which look the
// same, the refusal names the lines where it would and both forms of its
// first such letter, in Go's escapes, which a JSON string takes. (Without
// Unicode's tables, a precomposed letter is taken for any ASCII letter
// with marks, as the refusal of a name that differs only so takes it; see
// nearAdvice.) When old holds the escapes \n, \r or \t as
// a backslash and a letter, as a shell passes them in single quotes, and
// occurs, or nearly, only once they are read as what they stand for, the
// refusal says that, and how to give the line breaks instead. A new that
// holds more \n than old and no line break is written as given, with a
// note saying so.
//
// An old that spans lines is looked for with all its line breaks LF, with
// all CRLF, and, when it mixes them, as given, so that a model that writes
// LF finds text in a file of CRLF lines, and every occurrence of those
// counts, whatever its line endings; an occurrence whose own line endings
// mix LF and CRLF otherwise than old is not found. new takes the line
// breaks of the occurrence it replaces (all LF, all CRLF, or as given when
// found as given), so that a file of mixed endings keeps each; where old
// holds no line break, new takes the file's line ending, that of its first
// line break. A file of LF lines therefore keeps LF: a CRLF in old or new
// is read as LF there. A CR that no LF follows is no line break, in old
// or new: it is looked for and written as it is, even where it then stands
// before a line break of the file (new "x\r" in place of "b" in "b\n"
// makes "x\r\n"). A file that ended with a line
// break still does when the edit takes it away (in the file's line
// ending). A file its owner may not write, or that the user running the
// tool may not, is refused. The file keeps its permission bits, but not
// its setuid, setgid or sticky bit, and its owner and group as write_file
// keeps them; the new contents are written
// as write_file writes them (see WriteFile): to a temporary file beside
// it, synced and swapped in, so the file holds either the old contents or
// the new. A file changed or removed between the read and the swap
// (another file, size, mode or modification time) is refused, `not
// edited: "<path>" changed while it was being edited; read it again`, and
// left as it is.
// The result's Details are the record write_file leaves, in namespace
// RecordNS.
//
// A path quoted in Go's syntax, as list_files and search print a name
// holding a control, bidirectional or zero-width character or a byte that
// is not UTF-8, is taken for the name it quotes, or for itself when no
// entry has that name, as read_file takes it.
//
// An empty old, a new equal to old, a new holding a NUL byte (named by
// its place in new; the file would no longer be text, as write_file notes
// of such a content, which it writes), an edit that leaves the file as it
// was (old "q\n" and new "q" at the end of a file, whose final line break
// is put back), an edit whose result would be larger than 8 MiB, the most
// edit_file reads (both sizes named; --all makes one easily), a path that
// is not a regular text file of at most 8 MiB, a symbolic link (its target
// is named, to be edited instead, unless it leads out of the tree or to
// nothing), a directory and a path outside the tree are refused, and
// nothing is changed.
func EditFile(root string) agenttool.Tool {
	return agenttool.New("edit_file",
		"Replace exact text in a file, keeping line endings and permissions.",
		func(ctx context.Context, args editArgs) (agenttool.Result, error) {
			res, err := editFile(ctx, root, args)
			return res, unwritten(ctx, err)
		},
		agenttool.WithAnnotations(agenttool.Annotations{Destructive: true}))
}

// editFile runs one call of edit_file on the tree at root.
func editFile(ctx context.Context, root string, args editArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	switch {
	case args.Old == "":
		return agenttool.Result{}, errors.New("--old is empty; give the exact text to replace, as read_file prints it")
	case args.New == args.Old:
		return agenttool.Result{}, errors.New("--new is the same as --old, so the edit would change nothing")
	case strings.IndexByte(args.New, 0) >= 0:
		return agenttool.Result{}, fmt.Errorf("--new holds a NUL byte (byte %d), so nothing was changed: read_file, edit_file and search would take the file for binary, not text; write_file writes such content as given, when it is meant", strings.IndexByte(args.New, 0)+1)
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	return t.editFile(ctx, args)
}

// editFile runs one call of edit_file on the tree.
func (t *tree) editFile(ctx context.Context, args editArgs) (agenttool.Result, error) {
	rel, shown, base, err := t.fileTarget(t.quoted(args.Path))
	if err != nil {
		return agenttool.Result{}, err
	}
	d, missing, err := t.walkParents(args.Path, filepath.Dir(rel))
	if err != nil {
		return agenttool.Result{}, err
	}
	defer d.Close()
	if missing != "" {
		err := fmt.Errorf("path %q: the directory %q does not exist", args.Path, filepath.ToSlash(filepath.Dir(rel)))
		if isGlob(args.Path) {
			return agenttool.Result{}, listAdvice(args.Path, err)
		}
		return agenttool.Result{}, t.nearAdvice(args.Path, "path", err)
	}
	switch info, err := d.Lstat(base); {
	case nameMissing(err) && !isGlob(args.Path):
		return agenttool.Result{}, t.nearAdvice(args.Path, "path", explain(args.Path, err))
	case nameMissing(err):
		return agenttool.Result{}, listAdvice(args.Path, explain(args.Path, err))
	case err != nil:
		return agenttool.Result{}, explain(args.Path, err)
	case info.Mode()&fs.ModeSymlink != 0:
		target, _ := d.Readlink(base)
		if _, err := d.Stat(base); err != nil {
			return agenttool.Result{}, fmt.Errorf("path %q is a symbolic link to %q, which leads to nothing in the tree, so there is no file to edit", args.Path, target)
		}
		return agenttool.Result{}, fmt.Errorf("path %q is a symbolic link to %q; edit the file it leads to by its own path", args.Path, target)
	case info.IsDir():
		return agenttool.Result{}, fmt.Errorf("path %q is a directory", args.Path)
	}
	f, info, err := openRegular(d, base)
	switch {
	case errors.Is(err, errNotRegular):
		return agenttool.Result{}, fmt.Errorf("path %q is not a regular file", args.Path)
	case err != nil:
		return agenttool.Result{}, explain(args.Path, err)
	}
	if err := replaceable(d, base, args.Path, info, "edited"); err != nil {
		_ = f.Close()
		return agenttool.Result{}, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxEdited+1))
	_ = f.Close()
	switch {
	case err != nil:
		return agenttool.Result{}, explain(args.Path, err)
	case len(data) > maxEdited:
		return agenttool.Result{}, fmt.Errorf("path %q is larger than %d bytes (8 MiB), the most edit_file changes; nothing was changed", args.Path, maxEdited)
	case !isText(data[:min(len(data), sniffLen)], len(data) > sniffLen):
		return agenttool.Result{}, fmt.Errorf("path %q is not a text file; edit_file changes text only", args.Path)
	}
	text := string(data)
	e, err := plan(text, args)
	if err != nil {
		return agenttool.Result{}, fmt.Errorf("path %q: %w", args.Path, err)
	}
	final := &placement{dir: d, base: base, shown: shown, asked: info, replaced: true,
		stale: fmt.Sprintf("not edited: %q changed while it was being edited; read it again", shown), before: t.beforePlace, owner: info}
	if err := final.place(ctx, args.Path, []byte(e.text), info.Mode().Perm()); err != nil {
		return agenttool.Result{}, err
	}
	sum := sha256.Sum256([]byte(e.text))
	return agenttool.Result{
		Output: agenttool.Output{Text: fmt.Sprintf("replaced %d %s at %s", len(e.lines), plural(int64(len(e.lines)), "occurrence", "occurrences"), lineList(e.lines)),
			Notes: slices.Concat(escapeNote("new", args.New, args.Old), linksNote(info), final.owned)},
		Details: written{
			Path:     shown,
			Bytes:    len(e.text),
			SHA256:   hex.EncodeToString(sum[:]),
			Replaced: true,
		},
	}, nil
}

// quoted returns the name the path argument p stands for when it is a name
// quoted in Go's syntax, as list_files and search print a name that could
// mislead, and an entry has that name; else p itself. read_file takes a
// path the same way (see lookup).
func (t *tree) quoted(p string) string {
	if len(p) < 3 || p[0] != '"' {
		return p
	}
	name, err := strconv.Unquote(p)
	if err != nil || name == "" {
		return p
	}
	if rel, err := t.resolve(name); err == nil {
		if _, err := t.root.Lstat(rel); err == nil {
			return name
		}
	}
	return p
}
