package filetools

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

const (
	// maxMatches is how many matching lines one search prints.
	maxMatches = 200
	// maxLine is how many bytes of a matching line are printed.
	maxLine = 300
	// maxSearched is the size above which a file is not searched.
	maxSearched = 8 << 20
	// lineBudget bounds the work of matching one line: a line is matched
	// only when its length in bytes times the number of instructions of the
	// compiled pattern is at most this. Go's regexp runs in time
	// proportional to that product; at the worst constant measured (about
	// 10 ns for a{1000}b on a line of a's, BENCHMARKS.md) one line costs at
	// most about 0.17 s, and the context is checked between lines.
	lineBudget = 1 << 24
)

// searchArgs are the arguments of search.
type searchArgs struct {
	Pattern string   `json:"pattern" desc:"Regular expression in Go (RE2) syntax, matched against each line"`
	Paths   []string `json:"paths,omitempty" desc:"Files or directories to search, relative to the working directory; the whole tree when omitted"`
}

// Search returns the search tool, confined to the tree at root.
//
// It matches a Go regular expression against every line of the text files
// under the given paths (the whole tree when none is given) and prints each
// match as path:line:text, with a slash-separated path relative to the tree,
// lines numbered from 1 and a trailing carriage return dropped; a path
// holding a line break or another control character is quoted as a Go
// string ("a\nb.txt":1:text), so every match stays one line. Files are
// visited in lexical order, each once however many paths reach it. A line
// longer than 300 bytes is cut at a character boundary and ends with "…".
// After 200 matches it stops with a line saying so; with none it prints
// "no matches".
//
// The work one line may cost is bounded: a line is matched only when its
// length times the size of the compiled pattern (its instructions, 7 for
// "hello", 1003 for a{1000}b) is at most 16,777,216, that is, lines up to
// 2.3 MiB for "hello" and 16,727 bytes for a{1000}b. Longer lines are not
// searched; a last line counts them and names the first
// ("[not searched: <n> lines longer than <max> bytes, …]").
//
// It skips, without a word, .git directories at any depth, symbolic links
// met during the walk, anything that is not a regular file, files over
// 8 MiB and files that are not text. A path that does not exist is an
// error, and so is a pattern that does not compile. The context is checked
// before every entry of a directory and every line of a file, and its error
// returned once it is done.
//
// The walk opens each directory from the one that holds it, so its cost
// grows with the number of entries, not with the square of the depth; it
// holds one open directory per level of the one it is in.
func Search(root string) agenttool.Tool {
	return agenttool.New("search",
		"Search the text files in the working tree for lines that match a regular expression. Prints each match as path:line:text. "+
			"A line is searched only when its length times the compiled pattern's size is at most 16777216 (2.3 MiB for a word, 16 KiB for a{1000}b); longer lines are counted in a last line.",
		func(ctx context.Context, args searchArgs) (agenttool.Result, error) {
			return search(ctx, root, args)
		},
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
}

// search runs one call of search on the tree at root.
func search(ctx context.Context, root string, args searchArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	re, err := regexp.Compile(args.Pattern)
	if err != nil {
		return agenttool.Result{}, fmt.Errorf("pattern %q: %w", args.Pattern, err)
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	return t.search(ctx, re, args)
}

// search runs one call of search with the compiled pattern re on the tree.
func (t *tree) search(ctx context.Context, re *regexp.Regexp, args searchArgs) (agenttool.Result, error) {
	paths := args.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	// Every path is checked before any is searched, so that a typo in the
	// last one is reported instead of a partial result.
	rels := make([]string, 0, len(paths))
	infos := make([]fs.FileInfo, 0, len(paths))
	for _, p := range paths {
		rel, err := t.resolve(p)
		if err != nil {
			return agenttool.Result{}, err
		}
		info, err := t.root.Stat(rel)
		if err != nil {
			return agenttool.Result{}, t.explainAt(p, rel, err)
		}
		rels = append(rels, rel)
		infos = append(infos, info)
	}
	s := &searcher{ctx: ctx, re: re, longest: lineBudget / progSize(args.Pattern), seen: make(map[string]bool), beforeOpen: t.beforeOpen}
	for i, rel := range rels {
		if err := s.start(t.root, rel, infos[i]); err != nil {
			if ctx.Err() != nil {
				return agenttool.Result{}, err
			}
			return agenttool.Result{}, t.explainAt(paths[i], rel, err)
		}
		if s.stopped {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	switch {
	case s.stopped:
		fmt.Fprintf(&s.out, "[search stopped after %d matches; narrow the pattern or the paths]\n", maxMatches)
	case s.matches == 0:
		s.out.WriteString("no matches\n")
	}
	if s.skipped > 0 {
		lines := "lines"
		if s.skipped == 1 {
			lines = "line"
		}
		fmt.Fprintf(&s.out, "[not searched: %d %s longer than %d bytes, the most this pattern is matched against (first at %s); a simpler pattern reaches longer lines]\n",
			s.skipped, lines, s.longest, s.firstSkipped)
	}
	return agenttool.Text(strings.TrimSuffix(s.out.String(), "\n")), nil
}

// progSize returns the number of instructions of the program regexp
// compiles pattern to, a pattern that regexp.Compile has accepted.
func progSize(pattern string) int {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return 1
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return 1
	}
	return max(len(prog.Inst), 1)
}

// searcher holds the state of one search across the paths it walks.
type searcher struct {
	ctx          context.Context
	re           *regexp.Regexp
	longest      int             // the longest line matched, in bytes
	seen         map[string]bool // files already searched, by slash path
	out          strings.Builder
	matches      int
	stopped      bool
	skipped      int    // lines longer than longest
	firstSkipped string // path:line of the first of them
	// beforeOpen, when set, runs between the listing of a directory and
	// the opening of a directory in it, with that one's slash path; tests
	// use it to swap the directory for something else.
	beforeOpen func(name string)
}

// file searches the file rel in dir, whose slash path in the tree is name,
// when it is small enough and text. A file that cannot be read is skipped:
// it may have gone since the walk listed it, or been replaced by something
// that is not a regular file. The only error is the context's.
func (s *searcher) file(dir *os.Root, rel, name string) error {
	if s.seen[name] {
		return nil
	}
	s.seen[name] = true
	f, info, err := openRegular(dir, rel)
	if err != nil {
		return nil
	}
	defer f.Close()
	// The size tells most files too large to search without reading 8 MiB
	// of each; the limited read catches one that grows meanwhile.
	if info.Size() > maxSearched {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSearched+1))
	if err != nil || len(data) > maxSearched {
		return nil
	}
	if !isText(data[:min(len(data), sniffLen)], len(data) > sniffLen) {
		return nil
	}
	for n := 1; len(data) > 0; n++ {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = trimCR(line)
		if len(line) > s.longest {
			if s.skipped == 0 {
				s.firstSkipped = shownName(name) + ":" + strconv.Itoa(n)
			}
			s.skipped++
			continue
		}
		if !s.re.Match(line) {
			continue
		}
		if s.matches == maxMatches {
			s.stopped = true
			return nil
		}
		s.matches++
		s.out.WriteString(shownName(name))
		s.out.WriteByte(':')
		s.out.WriteString(strconv.Itoa(n))
		s.out.WriteByte(':')
		s.out.WriteString(clip(line))
		s.out.WriteByte('\n')
	}
	return nil
}

// shownName is the slash path name as a match line shows it: quoted, in
// Go's syntax, when it holds a character that printable replaces, since
// the output is one match a line.
func shownName(name string) string {
	if printable(name) != name {
		return strconv.Quote(name)
	}
	return name
}

// trimCR drops one trailing carriage return, so CRLF files match like LF ones.
func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// clip returns line, cut to at most maxLine bytes at a character boundary
// and marked with "…" when it was longer. A character starts at most three
// bytes before the cut; bytes past the sniff window need not be UTF-8, and
// where none of those three starts a character there is no boundary to
// keep, so the cut stays at maxLine rather than eating back through the
// line.
func clip(line []byte) string {
	if len(line) <= maxLine {
		return string(line)
	}
	cut := maxLine
	for back := 1; back < utf8.UTFMax && !utf8.RuneStart(line[cut]); back++ {
		cut--
	}
	if !utf8.RuneStart(line[cut]) {
		cut = maxLine
	}
	return string(line[:cut]) + "…"
}
