package filetools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttool/agenttool"
)

// listLines is how many entries one list_files shows by default: about
// 20,000 bytes of paths of 40, which fit, with the notes, in what hosts
// show a model.
const listLines = 500

// listArgs are the arguments of list_files.
type listArgs struct {
	Path    *string         `json:"path,omitempty" desc:"Directory (default: the tree)"`
	Pattern *string         `json:"pattern,omitempty" desc:"Glob of files below path"`
	Limit   count[limitArg] `json:"limit,omitempty" desc:"Most entries (default 500)" minimum:"0"`
}

// ListFiles returns the list_files tool, confined to the tree at root.
//
// Without pattern it prints the entries of the directory at path (the
// tree's root when absent), one a line, in byte order, each as its slash
// path relative to the tree, a directory's with a trailing slash, and so
// a symbolic link's that leads to a directory inside the tree. With
// pattern, a glob as search's --glob takes it (see Search), it prints
// instead the regular files below path whose path relative to the tree
// matches it, in byte order of the paths; symbolic links met on the way
// are not followed. A name holding a character that is not printable is
// quoted as search quotes it.
//
// An entry named .git, and what the .gitignore at the tree's root excludes
// (see ignoreRules for the subset of its syntax that is read), are left
// out, and nothing below an ignored directory is looked at; the directory
// given as path is listed even when it is one of them, and so is one that
// the pattern names by its literal first elements (build/** and build/*.o
// name build, */build/*.o does not), and so is a file whose whole path the
// pattern spells out. A note names what
// was left out, the first three, and how many more; with a pattern, only
// the files that match it and the directories that could hold a match,
// the files first. Nor does the walk go down a directory below which the
// pattern could match nothing.
//
// It shows the first limit entries (0 or absent means 500) and counts
// them all. Notes say the rest, one line each:
//
//	<n> entries | <n> files
//	<l> of <n> entries shown; --limit <n> shows all, a narrower --path or --pattern fewer
//	no entries | no files match
//	a \ in a glob quotes the character after it, and paths are matched with /: --pattern '<pattern with / for \>'
//	a glob with a slash matches paths from the tree's root, not from --path: --pattern '<path>/<pattern>' names '<pattern>' below <path>
//	"<pattern>" is a directory: --path '<pattern>' lists it, --pattern '<pattern>/**' the files below it
//	left out, as .git or by .gitignore: <n> entries (<path>, <path>, <path> and <k> more); --path lists a directory of them, read_file reads a file
//	not listed: <n> unreadable directories (<path>, …)
//
// (files in place of entries with a pattern; the three notes after "no
// files match" follow a pattern that matched nothing: the first when it
// holds a \ and compiles with / in its place, joined to the path as the
// second would join it; the second when it has a slash, does not start
// with the path given, which is not the root, and joined to it names
// existing directories; the third when it has no metacharacters and names
// a directory from the tree's root). A path that is empty or does not
// name a directory, one outside the tree, and a pattern that is empty or
// not a valid glob (see Search) are refused.
func ListFiles(root string) agenttool.Tool {
	return agenttool.New("list_files",
		"List a directory, or the files below it matching a glob, but .git and what .gitignore excludes.",
		func(ctx context.Context, args listArgs) (agenttool.Result, error) {
			return listFiles(ctx, root, args)
		},
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
}

// lister holds the state of one call of list_files.
type lister struct {
	ctx   context.Context
	rules ignoreRules
	glob  *glob // the files to list below the directory, nil for its entries
	limit int   // the most entries shown
	out   strings.Builder
	total int      // entries found
	left  skipList // left out as .git or by .gitignore, but leftMatches
	// leftMatches are the files left out that match the pattern, which the
	// note names first.
	leftMatches skipList
	badDirs     skipList
	listing     []byte       // where directories are listed, one after the other
	entries     [][]dirEntry // the entries of the directory the walk is in, by depth
	depth       int          // of the directory the walk is in, from the one given
	parts       []string     // the elements of the path of the entry looked at
	// tree is the working tree, through which a link in the directory
	// given is followed to see whether it leads to a directory: a link may
	// climb above that directory and stay in the tree.
	tree *os.Root
}

// listFiles runs one call of list_files on the tree at root.
func listFiles(ctx context.Context, root string, args listArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	l := &lister{ctx: ctx, limit: int(min(int64(args.Limit), 1<<40))}
	if l.limit == 0 {
		l.limit = listLines
	}
	// Both are pointers so that an empty one, as from an unset shell
	// variable, is refused rather than taken as absent.
	pattern := ""
	if args.Pattern != nil {
		pattern = *args.Pattern
		if err := checkBraces("pattern", pattern); err != nil {
			return agenttool.Result{}, err
		}
		g, err := compileGlob("pattern", pattern)
		if err != nil {
			return agenttool.Result{}, err
		}
		l.glob = &g
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	p := "."
	if args.Path != nil {
		p = *args.Path
		if p == "" {
			return agenttool.Result{}, errors.New("the path is empty; give a directory relative to the working tree, such as src, or leave path out to list the tree's root")
		}
	}
	rel, info, _, err := t.lookup(p)
	switch {
	case nameMissing(err) && !isGlob(p):
		return agenttool.Result{}, t.nearAdvice(p, "path", err)
	case err != nil:
		return agenttool.Result{}, patternAdvice(p, "path", "pattern", err)
	}
	if !info.IsDir() {
		return agenttool.Result{}, fmt.Errorf("path %q is not a directory; read_file reads a file", p)
	}
	l.rules = readGitignore(t.root)
	sub, err := t.root.OpenRoot(rel)
	if err != nil {
		return agenttool.Result{}, t.explainAt(p, rel, err)
	}
	d, err := openDir(sub)
	if err != nil {
		_ = sub.Close()
		return agenttool.Result{}, explain(p, err)
	}
	defer d.release()
	name := filepath.ToSlash(rel)
	if name == "." {
		name = ""
	} else {
		l.parts = splitPath(nil, name)
	}
	l.tree = t.root
	// Room for the most lines shown, at 64 bytes each: the memory of a
	// large allocation is touched only where it is written, and growing
	// the output as it goes costs twice what it holds.
	l.out.Grow(min(l.limit, 1<<14) * 64)
	if err := l.walk(walkDirOf(d), name, true); err != nil {
		return agenttool.Result{}, t.explainAt(p, rel, err)
	}
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	notes := l.notes()
	if l.glob != nil && l.total == 0 {
		// Right after the note that no file matches.
		notes = slices.Insert(notes, 1, slices.Concat(
			backslashNote(t.root, name, pattern, "--pattern"),
			fromDirNote(t.root, name, l.glob, pattern, "--path", "--pattern"),
			dirPatternNote(t.root, pattern))...)
	}
	return agenttool.Result{Output: agenttool.Output{Text: l.out.String(), Exact: true, Notes: notes}}, nil
}

// dirPatternNote returns the note for a pattern that matched no file and
// is, as written, the path of a directory in the tree: a model that writes
// --pattern cmd means the directory, which --path lists.
func dirPatternNote(root *os.Root, pattern string) []string {
	if strings.ContainsAny(pattern, `*?[\`) {
		return nil
	}
	if info, err := root.Stat(filepath.FromSlash(pattern)); err != nil || !info.IsDir() {
		return nil
	}
	return []string{fmt.Sprintf("%q is a directory: --path %s lists it, --pattern %s the files below it", pattern, singleQuoted(pattern), singleQuoted(pattern+"/**"))}
}

// walk lists the directory d, whose slash path in the tree is name ("" for
// the root) and l.parts its elements, and with a glob the directories below
// it too. An error is returned for the directory given (top) or when
// descriptors run out; a directory below it that cannot be read is counted.
func (l *lister) walk(d walkDir, name string, top bool) error {
	// Each level of the walk keeps the room of its entries for the next
	// directory at that level.
	depth, level := len(l.parts), l.depth
	l.depth++
	defer func() { l.depth-- }()
	if level == len(l.entries) {
		l.entries = append(l.entries, nil)
	}
	entries, err := d.list(&l.listing, l.entries[level][:0])
	l.entries[level] = entries
	if err != nil {
		if top || isTooManyOpen(err) {
			return err
		}
		l.badDirs.add(shownName(name) + "/")
		return nil
	}
	slices.SortFunc(entries, compareEntries)
	for _, e := range entries {
		if err := l.ctx.Err(); err != nil {
			return err
		}
		l.parts = append(l.parts[:depth], e.name)
		dir := e.typ.IsDir()
		if (e.name == ".git" || l.rules.ignored(l.parts, dir)) && (l.glob == nil || !l.glob.names(l.parts)) {
			switch {
			case l.glob == nil, dir && l.glob.below(l.parts):
				l.left.add(l.show(name, e, dir))
			case !dir && l.glob.match(l.parts):
				l.leftMatches.add(l.show(name, e, dir))
			}
			continue
		}
		switch {
		case l.glob == nil:
			if e.typ&fs.ModeSymlink != 0 {
				if info, err := l.tree.Stat(filepath.FromSlash(path.Join(name, e.name))); err == nil && info.IsDir() {
					dir = true
				}
			}
			l.emit(name, e, dir)
		case dir && l.glob.below(l.parts):
			child := e.name
			if name != "" {
				child = name + "/" + e.name
			}
			if err := l.subdir(d, e.name, child); err != nil {
				return err
			}
		case e.typ.IsRegular() && l.glob.match(l.parts):
			l.emit(name, e, false)
		}
	}
	l.parts = l.parts[:depth]
	return nil
}

// show returns the entry e of the directory name as it is printed, with a
// slash at the end when dir is set.
func (l *lister) show(name string, e dirEntry, dir bool) string {
	full := e.name
	if name != "" {
		full = name + "/" + e.name
	}
	full = shownName(full)
	if dir {
		full += "/"
	}
	return full
}

// compareEntries orders two entries of a directory as their names, a
// directory's taken to end with a slash, so that a walk in this order
// meets paths in their byte order: a.txt before a/x.txt.
func compareEntries(a, b dirEntry) int {
	n := min(len(a.name), len(b.name))
	if c := strings.Compare(a.name[:n], b.name[:n]); c != 0 {
		return c
	}
	return cmp.Compare(nextByte(a, n), nextByte(b, n))
}

// nextByte returns the byte at i of e's name, with a slash after a
// directory's, and -1 past the end.
func nextByte(e dirEntry, i int) int {
	switch {
	case i < len(e.name):
		return int(e.name[i])
	case e.typ.IsDir():
		return '/'
	}
	return -1
}

// subdir walks the directory elem of d, whose slash path is name.
func (l *lister) subdir(d walkDir, elem, name string) error {
	sub, err := d.sub(elem)
	if err == nil {
		err = l.walk(sub, name, false)
		sub.release()
		return err
	}
	if isTooManyOpen(err) {
		return err
	}
	l.badDirs.add(shownName(name) + "/")
	return nil
}

// walkDir is a directory a walk of list_files lists, and goes down from.
type walkDir interface {
	// list appends its entries to entries, listing them in *buf.
	list(buf *[]byte, entries []dirEntry) ([]dirEntry, error)
	// sub opens its directory name, an entry of its listing.
	sub(name string) (walkDir, error)
	// release lets it go.
	release()
}

// rootDir is a directory open as an os.Root; own says that it is its own,
// to release.
type rootDir struct {
	d   *dirRef
	own bool
}

// list appends its entries to entries.
func (r rootDir) list(buf *[]byte, entries []dirEntry) ([]dirEntry, error) {
	return listDir(r.d, buf, entries)
}

// sub opens the directory name from this one, as the walk of search does.
func (r rootDir) sub(name string) (walkDir, error) {
	root, err := r.d.root.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	d, err := openDir(root)
	if err != nil {
		_ = root.Close()
		return nil, err
	}
	return rootDir{d: d, own: true}, nil
}

// release releases the directory when it is its own.
func (r rootDir) release() {
	if r.own {
		r.d.release()
	}
}

// emit counts the entry e of the directory name and prints it while
// fewer than limit are, with a slash at the end when dir is set. A name
// that shownName leaves as it is, as most are, is written in its parts,
// not built first.
func (l *lister) emit(name string, e dirEntry, dir bool) {
	l.total++
	switch {
	case l.total > l.limit:
		return
	case name == "" || !plainASCII(name) || !plainASCII(e.name) || name[0] == '"' || name[0] == '~':
		l.out.WriteString(l.show(name, e, dir))
	default:
		l.out.WriteString(name)
		l.out.WriteByte('/')
		l.out.WriteString(e.name)
		if dir {
			l.out.WriteByte('/')
		}
	}
	l.out.WriteByte('\n')
}

// notes returns what the output leaves to its notes.
func (l *lister) notes() []string {
	one, many := "entry", "entries"
	if l.glob != nil {
		one, many = "file", "files"
	}
	var notes []string
	switch {
	case l.total == 0 && l.glob != nil:
		notes = append(notes, "no files match")
	case l.total == 0:
		notes = append(notes, "no entries")
	case l.total <= l.limit:
		notes = append(notes, fmt.Sprintf("%d %s", l.total, plural(int64(l.total), one, many)))
	default:
		notes = append(notes, fmt.Sprintf("%d of %d %s shown; --limit %d shows all, a narrower --path or --pattern fewer", l.limit, l.total, many, l.total))
	}
	left := l.leftMatches
	for _, name := range l.left.names {
		if len(left.names) < shownSkips {
			left.names = append(left.names, name)
		}
	}
	left.n += l.left.n
	if left.n > 0 {
		notes = append(notes, fmt.Sprintf("left out, as .git or by .gitignore: %d %s (%s); --path lists a directory of them, read_file reads a file",
			left.n, plural(int64(left.n), "entry", "entries"), left))
	}
	if l.badDirs.n > 0 {
		notes = append(notes, fmt.Sprintf("not listed: %d %s (%s)", l.badDirs.n, plural(int64(l.badDirs.n), "unreadable directory", "unreadable directories"), l.badDirs))
	}
	return notes
}
