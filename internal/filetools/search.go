package filetools

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
// lines numbered from 1 and a trailing carriage return dropped. Files are
// visited in lexical order, each once however many paths reach it. A line
// longer than 300 bytes is cut at a character boundary and ends with "…".
// After 200 matches it stops with a line saying so; with none it prints
// "no matches".
//
// It skips, without a word, .git directories at any depth, symbolic links
// met during the walk, anything that is not a regular file, files over
// 8 MiB and files that are not text. A path that does not exist is an
// error, and so is a pattern that does not compile. The context is checked
// between files, and its error returned once it is done.
func Search(root string) agenttool.Tool {
	return agenttool.New("search",
		"Search the text files in the working tree for lines that match a regular expression. Prints each match as path:line:text.",
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
	paths := args.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	// Every path is checked before any is searched, so that a typo in the
	// last one is reported instead of a partial result.
	starts := make([]string, 0, len(paths))
	for _, p := range paths {
		rel, err := t.resolve(p)
		if err != nil {
			return agenttool.Result{}, err
		}
		if _, err := t.root.Stat(rel); err != nil {
			return agenttool.Result{}, explain(p, err)
		}
		starts = append(starts, filepath.ToSlash(rel))
	}
	s := &searcher{ctx: ctx, re: re, root: t.root, fsys: t.root.FS(), seen: make(map[string]bool)}
	for i, start := range starts {
		if err := fs.WalkDir(s.fsys, start, s.visit(start)); err != nil {
			if ctx.Err() != nil {
				return agenttool.Result{}, err
			}
			return agenttool.Result{}, explain(paths[i], err)
		}
		if s.stopped {
			break
		}
	}
	switch {
	case s.stopped:
		fmt.Fprintf(&s.out, "[search stopped after %d matches; narrow the pattern or the paths]\n", maxMatches)
	case s.matches == 0:
		return agenttool.Text("no matches"), nil
	}
	return agenttool.Text(strings.TrimSuffix(s.out.String(), "\n")), nil
}

// searcher holds the state of one search across the paths it walks.
type searcher struct {
	ctx     context.Context
	re      *regexp.Regexp
	root    *os.Root
	fsys    fs.FS           // root's, for the walk
	seen    map[string]bool // files already searched, by slash path
	out     strings.Builder
	matches int
	stopped bool
}

// visit returns the fs.WalkDirFunc of a walk from start.
func (s *searcher) visit(start string) fs.WalkDirFunc {
	return func(name string, d fs.DirEntry, err error) error {
		if cerr := s.ctx.Err(); cerr != nil {
			return cerr
		}
		if err != nil {
			// The start was checked to exist, so an error there is worth
			// reporting; below it, an unreadable entry is skipped like a
			// binary file would be.
			if name == start {
				return err
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || s.seen[name] {
			return nil
		}
		s.seen[name] = true
		s.file(name)
		if s.stopped {
			return fs.SkipAll
		}
		return nil
	}
}

// file searches the file name when it is small enough and text. A file
// that cannot be read is skipped: it may have gone since the walk listed it,
// or been replaced by something that is not a regular file.
func (s *searcher) file(name string) {
	f, info, err := openRegular(s.root, filepath.FromSlash(name))
	if err != nil {
		return
	}
	defer f.Close()
	// The size tells most files too large to search without reading 8 MiB
	// of each; the limited read catches one that grows meanwhile.
	if info.Size() > maxSearched {
		return
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSearched+1))
	if err != nil || len(data) > maxSearched {
		return
	}
	if !isText(data[:min(len(data), sniffLen)], len(data) > sniffLen) {
		return
	}
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = trimCR(line)
		if !s.re.Match(line) {
			continue
		}
		if s.matches == maxMatches {
			s.stopped = true
			return
		}
		s.matches++
		s.out.WriteString(name)
		s.out.WriteByte(':')
		s.out.WriteString(strconv.Itoa(n))
		s.out.WriteByte(':')
		s.out.WriteString(clip(line))
		s.out.WriteByte('\n')
	}
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
