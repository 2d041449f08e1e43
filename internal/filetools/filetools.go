// Package filetools holds the tools of the example program file-tools:
// read_file, search, list_files, write_file and edit_file, each confined to
// one working tree.
//
// Every call opens the tree with os.OpenRoot, does all its file access
// through that root and closes it before returning, so the tools keep no
// state between calls: they are not closers, not sequential and declare no
// resource. The root "." is the process's working directory at the time of
// the call, not at the time the tool was built.
//
// A path argument is refused when it is empty, when it is relative and
// climbs out of the tree ("../x", "a/../../x"), and when it is absolute and
// names a place outside the tree. An absolute path inside the tree is
// accepted, whether it is written through the root as given or through the
// root with its symbolic links resolved. A symbolic link inside the tree
// that leads out of it is refused by os.Root itself; both refusals read
// `path "<p>" is outside the working tree`. os.Root follows no link with an
// absolute target, even one naming a place inside the tree; such a link is
// refused with a message saying so and naming the relative link that would
// work (`path "<p>": "<link>" is a symbolic link to the absolute path …`).
// Failures are returned as errors, which a runner such as agenttool/cli
// reports as the tool's error.
//
// A file is text when its first 8000 bytes hold no NUL byte and are valid
// UTF-8, allowing a sequence cut at that boundary. read_file, search and
// edit_file share this rule: read_file returns any other file whole as one
// file part, search skips it and edit_file refuses it.
package filetools

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// sniffLen is how many leading bytes of a file decide whether it is text.
const sniffLen = 8000

// tree is the working tree of one call: the root as the tool was given it
// and the os.Root opened on it for this call.
type tree struct {
	dir  string
	root *os.Root
	// beforeOpen, when set, runs between the look at a directory on the
	// way to a file and its opening, with the directory's slash path;
	// tests use it to swap the directory for something else.
	beforeOpen func(name string)
	// beforePlace, when set, runs between edit_file's read of a file and
	// the swap of the new contents in; tests use it to change the file.
	beforePlace func() error
	// afterRead, when set, runs at the end of each pass of read_file over
	// a file, named by pass: "count", counting its lines for a negative
	// offset, "piece", finding the piece and counting the lines after it,
	// or "file", reading a file that is not text. It runs before the check
	// that the file has not changed; tests use it to change the file.
	afterRead func(pass string)
}

// openTree opens dir for one call. The caller closes the result.
func openTree(dir string) (*tree, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("opening the working tree: %w", err)
	}
	return &tree{dir: dir, root: r}, nil
}

// close releases the root. A close error on a directory opened only for
// reading tells the caller nothing it could act on, so it is dropped.
func (t *tree) close() { _ = t.root.Close() }

// resolve turns p, a path argument as the model wrote it, into a clean
// path relative to the tree, in the form os.Root takes. It returns "." for
// the tree itself; callers that need a file refuse it. resolve is lexical:
// symbolic links are judged later by os.Root when the path is used.
func (t *tree) resolve(p string) (string, error) {
	if p == "" {
		return "", errors.New("the path is empty; give one relative to the working tree, such as src/main.go")
	}
	// The system refuses such a name with a bare "invalid argument".
	if strings.IndexByte(p, 0) >= 0 {
		return "", fmt.Errorf("path %q holds a NUL byte, which no file name can", p)
	}
	if filepath.IsAbs(p) {
		rel, ok := t.within(p)
		if !ok {
			return "", outside(p)
		}
		return rel, nil
	}
	rel := filepath.Clean(p)
	if !filepath.IsLocal(rel) {
		return "", outside(p)
	}
	return rel, nil
}

// lookup resolves p, a path argument of a tool that reads, and states what
// it names, following a symbolic link; it also returns the name it took p
// for. A name that is not UTF-8 cannot be given as it is, since arguments
// are JSON strings, so search prints it quoted in Go's syntax, as it does a
// name starting with a double quote: p in that form is taken for the name
// it quotes, or, when nothing has that name, for itself, so that every
// file search finds can be read by the name it prints. An error names p as
// given.
func (t *tree) lookup(p string) (rel string, info fs.FileInfo, name string, err error) {
	if len(p) > 2 && p[0] == '"' {
		if name, err := strconv.Unquote(p); err == nil && name != "" {
			rel, err := t.resolve(name)
			if err != nil {
				return "", nil, "", err
			}
			info, err := t.root.Stat(rel)
			if err == nil {
				return rel, info, name, nil
			}
			if !errors.Is(err, fs.ErrNotExist) {
				return "", nil, "", t.explainAt(p, rel, err)
			}
		}
	}
	if rel, err = t.resolve(p); err != nil {
		return "", nil, "", err
	}
	if info, err = t.root.Stat(rel); err != nil {
		return "", nil, "", t.explainAt(p, rel, err)
	}
	return rel, info, p, nil
}

// realBase returns the tree's absolute path with its symbolic links
// resolved, for realRel, or "" when it cannot be had.
func (t *tree) realBase() string {
	base, err := filepath.Abs(t.dir)
	if err != nil {
		return ""
	}
	if base, err = filepath.EvalSymlinks(base); err != nil {
		return ""
	}
	return base
}

// realRel returns rel, a path in the tree whose resolved path is base (see
// realBase), with its symbolic links resolved; rel itself when that fails
// or leads out of the tree, which os.Root refuses anyway. It only names a
// file, to tell two paths to one file apart; nothing is opened by it.
func realRel(base, rel string) string {
	if base == "" {
		return rel
	}
	full, err := filepath.EvalSymlinks(filepath.Join(base, rel))
	if err != nil {
		return rel
	}
	if real, ok := relativeTo(base, full); ok {
		return real
	}
	return rel
}

// meansDirectory reports whether the path argument p ends as only a
// directory's path can, with a separator or "/.", which cleaning it would
// drop.
func meansDirectory(p string) bool {
	for _, sep := range []string{"/", string(filepath.Separator)} {
		if strings.HasSuffix(p, sep) || strings.HasSuffix(p, sep+".") {
			return true
		}
	}
	return false
}

// within reports whether the absolute path p lies inside the tree, compared
// with the tree's absolute path as written and then with its symbolic links
// resolved, and returns p relative to it. Resolving is done only when the
// first comparison fails, since it costs a system call per path element.
func (t *tree) within(p string) (string, bool) {
	base, err := filepath.Abs(t.dir)
	if err != nil {
		return "", false
	}
	if rel, ok := relativeTo(base, p); ok {
		return rel, true
	}
	resolved, err := filepath.EvalSymlinks(base)
	if err != nil {
		return "", false
	}
	return relativeTo(resolved, p)
}

// relativeTo returns p relative to base when it does not leave base.
func relativeTo(base, p string) (string, bool) {
	rel, err := filepath.Rel(base, filepath.Clean(p))
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	return rel, true
}

// outside is the refusal of a path that leaves the tree.
func outside(p string) error {
	return fmt.Errorf("path %q is outside the working tree", p)
}

// explain turns an error of os.Root about the path argument p into the
// tool's error. The op and the paths os.Root reports ("statat a/b", or the
// temporary file's name in a failed rename) mean nothing to a model, so the
// error is restated with the argument as the model wrote it; the
// underlying error stays wrapped, so errors.Is still finds fs.ErrNotExist
// and the like.
func explain(p string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	if escapes(err) {
		return outside(p)
	}
	return fmt.Errorf("path %q: %w", p, err)
}

// escapes reports whether err is os.Root's refusal of a path that leads
// out of it. os.Root reports it with an unexported error; its text is the
// only handle on it.
func escapes(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		if err.Error() == "path escapes from parent" {
			return true
		}
	}
	return false
}

// explainAt is explain for the path argument p, which is rel in the tree.
// os.Root follows no symbolic link with an absolute target, even one that
// names a place inside the tree, since it cannot tell such a link from one
// leading out without resolving it; it reports both as escaping. Where the
// first absolute link on the way names a place inside the tree, that is
// said instead, with the relative link that would work.
func (t *tree) explainAt(p, rel string, err error) error {
	if !escapes(err) {
		return explain(p, err)
	}
	prefix := ""
	plain := true // no link before this one, so its directory is as written
	for _, elem := range strings.Split(rel, string(filepath.Separator)) {
		prefix = filepath.Join(prefix, elem)
		info, lerr := t.root.Lstat(prefix)
		if lerr != nil || info.Mode()&fs.ModeSymlink == 0 {
			if lerr != nil {
				break
			}
			continue
		}
		target, lerr := t.root.Readlink(prefix)
		if lerr != nil {
			break
		}
		if !filepath.IsAbs(target) {
			plain = false
			continue
		}
		inside, ok := t.within(target)
		if !ok {
			break
		}
		msg := fmt.Sprintf("path %q: %q is a symbolic link to the absolute path %q, inside the working tree, and the tools follow only relative links",
			p, filepath.ToSlash(prefix), target)
		if suggestion, err := filepath.Rel(filepath.Dir(prefix), inside); plain && err == nil {
			msg += fmt.Sprintf(" (a link to %q would do)", filepath.ToSlash(suggestion))
		}
		return errors.New(msg)
	}
	return outside(p)
}

// fileError is an error of the package that callers match with errors.Is.
type fileError string

// Error returns the message as it was written.
func (e fileError) Error() string { return string(e) }

// errNotRegular is openRegular's refusal of anything but a regular file.
const errNotRegular fileError = "not a regular file"

// openRegular opens the file name in root for reading, and returns it with
// what it is, only when it is a regular file. Callers look at an entry
// before they open it, but the entry may be replaced in between; the open
// does not wait for a writer when a FIFO has taken the name (where the
// system has FIFOs), and the check is made on the opened file itself, so
// no swap can make a call hang or read a device.
func openRegular(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		_ = f.Close()
		return nil, nil, errNotRegular
	}
	return f, info, nil
}

// isText reports whether head, the first bytes of a file, are text: no NUL
// byte and valid UTF-8. cut says that the file goes on past head, so an
// incomplete sequence at its end is allowed.
func isText(head []byte, cut bool) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	if cut {
		head = trimPartial(head)
	}
	return utf8.Valid(head)
}

// trimPartial drops an incomplete UTF-8 sequence from the end of b, so that
// a cut made at an arbitrary byte does not split a character. Invalid bytes
// are left alone: they are not a sequence that more bytes would complete.
func trimPartial(b []byte) []byte {
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			return b
		}
	}
	return b
}
