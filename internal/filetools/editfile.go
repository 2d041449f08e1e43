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
// would with spaces and tabs ignored, as when it is indented other than the
// file, the refusal names the lines where it would and the read_file flags
// that show their exact text. When old holds the escapes \n, \r or \t as
// a backslash and a letter, as a shell passes them in single quotes, and
// occurs, or nearly, only once they are read as what they stand for, the
// refusal says that, and how to give the line breaks instead. A new that
// holds more \n than old and no line break is written as given, with a
// note saying so.
//
// In a file whose first line break is CRLF, a line break written as LF in
// old and new is taken for CRLF, so that a model that writes LF finds the
// text and keeps the file's line endings; when old so read does not occur,
// it is looked for as given. In a file whose first line break is LF, an
// old that does not occur as given is looked for with CRLF line breaks, as
// a file of mixed endings may hold them further down, and new then gets
// them too. A file that ended with a line break still
// does when the edit takes it away (in the file's line ending). A file its
// owner may not write is refused. The file keeps its permission bits; the
// new contents are written as write_file
// writes them (see WriteFile): to a temporary file beside it, synced and
// swapped in, so the file holds either the old contents or the new. A
// file changed or removed between the read and the swap (another file,
// size, mode or modification time) is refused, `not edited: "<path>"
// changed while it was being edited; read it again`, and left as it is.
// The result's Details are the record write_file leaves, in namespace
// RecordNS.
//
// A path quoted in Go's syntax, as list_files and search print a name
// holding a control, bidirectional or zero-width character or a byte that
// is not UTF-8, is taken for the name it quotes, or for itself when no
// entry has that name, as read_file takes it.
//
// An empty old, a new equal to old, an edit that leaves the file as it was
// (old "q\n" and new "q" at the end of a file, whose final line break is
// put back), a path that is not a regular text file
// of at most 8 MiB, a symbolic link (its target is named, to be edited
// instead, unless it leads out of the tree or to nothing), a directory and a path outside the tree are refused, and
// nothing is changed.
func EditFile(root string) agenttool.Tool {
	return agenttool.New("edit_file",
		"Replace exact text in a file, keeping line endings and mode.",
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
	if err := readOnly(args.Path, info, "edited"); err != nil {
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
		stale: fmt.Sprintf("not edited: %q changed while it was being edited; read it again", shown), before: t.beforePlace}
	if err := final.place(ctx, args.Path, []byte(e.text), info.Mode().Perm()); err != nil {
		return agenttool.Result{}, err
	}
	sum := sha256.Sum256([]byte(e.text))
	return agenttool.Result{
		Output: agenttool.Output{Text: fmt.Sprintf("replaced %d %s at %s", len(e.lines), plural(int64(len(e.lines)), "occurrence", "occurrences"), lineList(e.lines)),
			Notes: append(escapeNote("new", args.New, args.Old), linksNote(info)...)},
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

// edit is the result of one edit: the new contents and the lines of the
// old where the occurrences replaced started.
type edit struct {
	text  string
	lines []int
}

// plan finds old in text, which it takes for text in the file's line
// ending, and returns text with it replaced, or the refusal naming how
// often it occurs.
func plan(text string, args editArgs) (edit, error) {
	old, repl := args.Old, args.New
	crlf := false
	if i := strings.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		crlf = true
		if o := toCRLF(old); strings.Contains(text, o) || !strings.Contains(text, old) {
			old = o
		}
		repl = toCRLF(repl)
	} else if o := toCRLF(old); o != old && !strings.Contains(text, old) && strings.Contains(text, o) {
		// A file of LF lines that holds CRLF ones further down.
		old, repl = o, toCRLF(repl)
	}
	lines := occurrences(text, old)
	switch {
	case len(lines) == 0:
		if at := escapedLines(text, args.Old, crlf); len(at) > 0 {
			return edit{}, fmt.Errorf(`--old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at %s; `+
				`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`, lineList(at))
		}
		if near := nearLines(text, old); len(near) > 0 {
			return edit{}, fmt.Errorf("--old occurs 0 times as written, but with spaces and tabs ignored it matches at %s; "+
				"read_file --path %s --offset %d --limit %d shows the exact text, spaces and tabs included", lineList(near), singleQuoted(args.Path), near[0], near[len(near)-1]-near[0]+spanLines(old))
		}
		return edit{}, errors.New("--old occurs 0 times; read_file shows the exact text, spaces and tabs included")
	case len(lines) > 1 && !args.All:
		return edit{}, fmt.Errorf("--old occurs %d times, at %s; give more of the text around it to pick one, or --all to replace every one", len(lines), lineList(lines))
	}
	n := 1
	if args.All {
		n = -1
	}
	out := strings.Replace(text, old, repl, n)
	if ending := lineEnding(crlf); strings.HasSuffix(text, "\n") && out != "" && !strings.HasSuffix(out, "\n") {
		out += ending
	}
	if out == text {
		return edit{}, fmt.Errorf("the edit changes nothing: with new in place of old at %s the file stays as it is (its line endings and final line break are kept)", lineList(lines))
	}
	return edit{text: out, lines: lines}, nil
}

// escapedLines returns the lines where old occurs, or nearly occurs as
// nearLines finds, once its escapes are read as line breaks and tabs, in
// a file with CRLF line endings when crlf is set; nil when old holds no
// escape. A model that writes --old 'a\nb' in single quotes means a line
// break, which the shell passes as a backslash and an n.
func escapedLines(text, old string, crlf bool) []int {
	u := backslashEscapes.Replace(old)
	if u == old {
		return nil
	}
	if crlf && !strings.Contains(text, u) {
		u = toCRLF(u)
	}
	if at := occurrences(text, u); len(at) > 0 {
		return at
	}
	return nearLines(text, u)
}

// toCRLF returns s with every LF not after a CR made CRLF.
func toCRLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// lineEnding is the line break of a file, CRLF or LF.
func lineEnding(crlf bool) string {
	if crlf {
		return "\r\n"
	}
	return "\n"
}

// occurrences returns the line, from 1, where each occurrence of old in
// text starts, counted as strings.Count counts them.
func occurrences(text, old string) []int {
	var lines []int
	line, counted := 1, 0
	for pos := 0; ; {
		i := strings.Index(text[pos:], old)
		if i < 0 {
			return lines
		}
		i += pos
		line += strings.Count(text[counted:i], "\n")
		counted = i
		lines = append(lines, line)
		pos = i + len(old)
	}
}

// nearLines returns the line, from 1, where each near occurrence of old in
// text starts: one that would be an occurrence if every run of spaces,
// tabs and carriage returns counted as one space and those at either end
// of a line did not count, as when old is indented other than the file.
// Inside a line old's first line may end it and its last line begin it; a
// line of old between them must be a whole line. It returns nil when old
// holds nothing but white space.
func nearLines(text, old string) []int {
	want := squeezeLines(old)
	for len(want) > 0 && want[0] == "" {
		want = want[1:]
	}
	for len(want) > 0 && want[len(want)-1] == "" {
		want = want[:len(want)-1]
	}
	if len(want) == 0 {
		return nil
	}
	have := squeezeLines(text)
	var lines []int
	for i := 0; i+len(want) <= len(have); i++ {
		if nearAt(have[i:i+len(want)], want) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// squeezeLines splits s into lines, each with its runs of white space made
// one space and trimmed at both ends.
func squeezeLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return lines
}

// nearAt reports whether the squeezed lines have hold want from their
// start: one line of want anywhere in the line, or else want's first line
// at the end of the first, its last at the start of the last, and every
// line between them whole.
func nearAt(have, want []string) bool {
	last := len(want) - 1
	if last == 0 {
		return strings.Contains(have[0], want[0])
	}
	if !strings.HasSuffix(have[0], want[0]) || !strings.HasPrefix(have[last], want[last]) {
		return false
	}
	for j := 1; j < last; j++ {
		if have[j] != want[j] {
			return false
		}
	}
	return true
}

// spanLines is how many lines old spans once blank lines at either end are
// left out, at least one.
func spanLines(old string) int {
	return max(1, strings.Count(strings.Trim(old, " \t\r\n"), "\n")+1)
}

// lineList names the lines, in order: "line 12", "lines 4, 10 and 22", the
// first shownLines of them, and how many more there are. A line that holds
// several occurrences is named once.
func lineList(lines []int) string {
	lines = slices.Compact(slices.Clone(lines))
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	var b strings.Builder
	b.WriteString("lines ")
	shown := lines[:min(len(lines), shownLines)]
	for i, l := range shown {
		switch {
		case i == 0:
		case i == len(shown)-1 && len(shown) == len(lines):
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l))
	}
	if more := len(lines) - len(shown); more > 0 {
		fmt.Fprintf(&b, " and %d more", more)
	}
	return b.String()
}
