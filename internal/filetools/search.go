package filetools

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/agenttool/agenttool"
)

const (
	// searchLines is how many matches one search shows by default.
	searchLines = 200
	// searchBytes is the most bytes of matches one search shows, so that
	// a call fits, with its notes, in what hosts show a model.
	searchBytes = 28000
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
	Pattern string           `json:"pattern" desc:"RE2 regexp per line; (?i) any case"`
	Paths   []string         `json:"paths,omitempty" desc:"Files or dirs (default: the tree)"`
	Offset  count[offsetArg] `json:"offset,omitempty" desc:"First match, from 1" minimum:"1"`
	Limit   count[limitArg]  `json:"limit,omitempty" desc:"Most matches (default 200)" minimum:"0"`
	Glob    []string         `json:"glob,omitempty" desc:"Only matching files (*.go, a/**/*.go)"`
	Count   bool             `json:"count,omitempty" desc:"Print path:count per file"`
}

// Search returns the search tool, confined to the tree at root.
//
// It matches a Go regular expression against every line of the text files
// under the given paths (the whole tree when none is given) and prints
// matches as path:line:text, one a line, each ending with a line break (an
// exact output), with a slash-separated path relative to the tree, lines
// numbered from 1, a trailing carriage return dropped and a UTF-8 byte
// order mark that starts a file dropped before matching; a path holding a
// line break, another control character or a byte that is not UTF-8, or
// that starts with a double quote, is quoted as a Go string
// ("a\nb.txt":1:text), so every match stays one line and no name reads as
// another's quoted form; read_file and the paths of search take a path in
// that form for the name it quotes, or for itself when nothing has that
// name. A path given that ends with a separator or "/." must be a
// directory. Files are visited path by path, in the order the paths are
// given, each directory depth first with its entries in byte order (so
// a/x.txt comes before a.txt); a file that several paths given reach,
// through symbolic links among them too, is searched once, under the name
// of the first. A line longer than 300 bytes is cut to 300 at character
// boundaries: to its start when its first match ends there, else to what
// surrounds that match, from 75 bytes before it; "…" marks where the line
// goes on, and a note says how many were cut.
//
// With glob given, once or more, only the files matching one of the globs
// are searched, those named in paths as well as those met in the walk: a
// glob holding no slash matches a file's base name, at any depth (*.go);
// any other matches its slash path relative to the tree, where "**" as a
// whole element matches any number of directories (cmd/**/*.go); a
// leading "./" anchors a glob at the root (./*.go, the .go files there).
// "*", "?", "[...]" (negated by "!" or "^") and "\" are as in path.Match,
// so "*" never matches a slash, and a class may hold POSIX classes such as
// [:digit:] ([[:digit:]]*.log), ASCII only. A glob that is empty,
// malformed, starts with "/", or has an empty, "." or ".." element past
// its leading "./" is refused; so is one whose class holds a range that
// runs backwards ([z-a]), a POSIX class that does not exist ([[:nope:]])
// or one standing as a class of its own ([:digit:]), and one holding a
// shell's brace alternatives (see checkBraces).
//
// It shows the matches from number offset (from 1) on, at most limit of
// them (0 or absent means 200) and no more than 28,000 bytes, and counts
// them all. With count, it prints path:count instead, one line for each
// file with a match, and offset and limit number these files. Notes say
// the rest, one line each:
//
//	<n> matches in <f> files
//	matches <a>-<b> of <n> shown (in <f> files)[, as many as fit in 28000 bytes]; next: --offset <m> [--limit <l>]
//	matches <a>-<b> of <n> shown (in <f> files), the last
//	files <a>-<b> of <f> shown (<n> matches in all)[, as many as fit in 28000 bytes]; next: --offset <m> [--limit <l>] --count
//	files <a>-<b> of <f> shown (<n> matches in all), the last
//	no matches[; <why>]
//	  (why: that a \n in the pattern finds nothing, or that a \r finds only one inside a line; then, for a pattern
//	  holding \|, that it is a literal | and | alone alternation, and for one holding $ before a letter, a digit,
//	  _ or {, as in $HOME, that $ is the end of the line and \$ a literal $, with the --pattern meant)
//	no matches: no file matched --glob '<glob>' [or --glob '<glob>' ...]
//	a \ in a glob quotes the character after it, and paths are matched with /: --glob '<glob with / for \>'
//	a glob with a slash matches paths from the tree's root, not from --paths: --glob '<dir>/<glob>' names '<glob>' below <dir>
//	  (after the one before: for each glob holding a \ that compiles with / in its place, and each that, joined to the one directory given in --paths, names existing directories)
//	no matches from --offset <m> on: there are <n> (there is 1)
//	no files from --offset <m> on: there are <f> (there is 1)
//	not searched: <n> files not text (<path>, <path>, <path> and <k> more), <n> unreadable files (…), <n> files over 8 MiB (…), <n> unreadable directories (…)
//	<k> lines shown are longer than 300 bytes, cut around the first match (first at <path>:<line>); read_file --path <path> --offset <line> --limit 1 reads it whole
//	  (for a line of 28,000 bytes or more: ... --limit 1 reads its first 28000 bytes, and its note gives the --column of the rest)
//	not searched: <dir>, given in --paths: a .git directory is never searched, though a file in it is when named, as --paths '<dir>/HEAD'
//	not searched: <n> lines longer than <max> bytes, the most this pattern is matched against (first at <path>:<line>); a simpler pattern reaches longer lines
//
// The files and directories skipped are named as a match line names them,
// the first three of each kind.
//
// With no match stdout is empty; the status is still success.
//
// The work one line may cost is bounded: a line is matched only when its
// length times the size of the compiled pattern (its instructions, 7 for
// "hello", 1003 for a{1000}b) is at most 16,777,216, that is, lines up to
// 2.3 MiB for "hello" and 16,727 bytes for a{1000}b. When the pattern
// starts with a literal (regexp.LiteralPrefix), a line without it cannot
// match and counts as searched whatever its length. The bound is a line's:
// a file of many lines near it, for a pattern such as [ab]{1000}c, costs
// minutes, which only the context ends.
//
// It skips .git directories at any depth, named in paths too (with a note), symbolic links met during the
// walk, the temporary files that write_file and edit_file write beside a
// file (".<name>.<random>.tmp", see tempName) met during the walk, and
// anything that is not a regular file without a word; files over
// 8 MiB, files that are not text and files and directories it cannot read
// are skipped and counted. A path given that does not exist, or that is
// neither a regular file nor a directory, is an error, and so is a pattern
// that does not compile. The context is checked before every
// entry of a directory and every line matched, and its error returned once
// it is done.
//
// The walk opens each directory from the one that holds it, so its cost
// grows with the number of entries, not with the square of the depth; it
// holds one open directory per level of the one it is in and those that
// hold the files of up to three batches of 256: one being read, one
// waiting and one the walk is filling, since the walk runs on a goroutine
// of its own. The files of a batch are read and matched by a few
// goroutines at once; the output is in the walk's order all the same.
func Search(root string) agenttool.Tool {
	return agenttool.New("search",
		"Print lines of text files matching a regexp, as path:line:text; stderr notes give counts, skips and flags for more.",
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
		return agenttool.Result{}, patternError(args.Pattern, err)
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
	gs, err := compileGlobs("glob", args.Glob)
	if err != nil {
		return agenttool.Result{}, err
	}
	paths := args.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	// Every path is checked before any is searched, so that a typo in the
	// last one is reported instead of a partial result.
	rels := make([]string, 0, len(paths))
	infos := make([]fs.FileInfo, 0, len(paths))
	for _, p := range paths {
		rel, info, name, err := t.lookup(p)
		switch {
		case nameMissing(err) && !isGlob(p):
			return agenttool.Result{}, t.nearAdvice(p, "paths", err)
		case err != nil:
			return agenttool.Result{}, patternAdvice(p, "paths", "glob", err)
		}
		switch {
		case !info.IsDir() && meansDirectory(name):
			return agenttool.Result{}, fmt.Errorf("path %q ends as a directory's would, but %q is not a directory", p, filepath.ToSlash(rel))
		case !info.IsDir() && !info.Mode().IsRegular():
			// Met during the walk, such a file is skipped without a word;
			// named, it gets one.
			return agenttool.Result{}, fmt.Errorf("path %q is not a regular file or a directory, so it cannot be searched", p)
		}
		rels = append(rels, rel)
		infos = append(infos, info)
	}
	s := newSearcher(ctx, re, args)
	s.globs, s.globArgs, s.globRoot = gs, args.Glob, t.root
	if len(rels) == 1 && infos[0].IsDir() {
		s.globDir = filepath.ToSlash(rels[0])
	}
	// One path reaches each file once; only several can reach one twice.
	if len(paths) > 1 {
		s.seen = make(map[string]bool)
	}
	s.beforeOpen = t.beforeOpen
	// The paths given are opened from the tree's root, which the tree
	// closes itself: this use of it is never released.
	top := &dirRef{root: t.root, fd: -1}
	top.refs.Store(1)
	// The walk runs on a goroutine of its own and hands over full batches,
	// so that it goes on while a batch is read instead of in between.
	walked := s.walkAll(func() error {
		var base string // resolved once, for all the paths given
		if s.seen != nil {
			base = t.realBase()
		}
		for i, rel := range rels {
			if s.seen != nil {
				s.setKeys(rel, realRel(base, rel))
			}
			if err := s.start(top, rel, infos[i]); err != nil {
				if s.walkDone() != nil || isTooManyOpen(err) {
					return err
				}
				return t.explainAt(paths[i], rel, err)
			}
		}
		return nil
	})
	// Whatever happens, even a panic of the reading, the walk is stopped
	// and the batches still coming are let go, so that it never waits for
	// a reader that has gone.
	defer s.stopWalk()
	readErr := s.read()
	s.stopWalk()
	walkErr := <-walked
	if p, ok := walkErr.(*walkPanic); ok {
		panic(p)
	}
	if readErr != nil {
		return agenttool.Result{}, readErr
	}
	if walkErr != nil {
		return agenttool.Result{}, walkErr
	}
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	return agenttool.Result{Output: agenttool.Output{Text: s.out.String(), Exact: true, Notes: s.notes()}}, nil
}

// searcher holds the state of one search across the paths it walks. The
// walk runs on a goroutine of its own and gathers the files it meets in a
// batch, which it hands over once full and goes on; the caller's goroutine
// reads and matches each batch with a few others at once, and takes its
// results in the walk's order, so the output does not depend on which
// goroutine was quicker. Batches rather than a stream of files keep the
// goroutines from waking each other for every file, which the scheduler
// pays for in sleeps. The walk alone uses seen, listing, entries, depth,
// batch, badDirs and beforeOpen; the reading alone the rest, until the walk
// has ended.
type searcher struct {
	ctx     context.Context
	re      *regexp.Regexp
	prefix  []byte          // a literal every match starts with, or nil
	longest int             // the longest line matched, in bytes
	seen    map[string]bool // files already searched, by slash path; nil for one path
	// shownTop and keyTop are the slash path of the path given being
	// walked, as given and with its symbolic links resolved: a file's key
	// in seen has the second in place of the first, so that a file reached
	// through a linked path given and through its target is searched once.
	shownTop, keyTop string

	globs globs // the files to search, all when empty
	// globbed counts the files the globs took, and globArgs are the
	// globs as given, which a note names when they took none; the notes
	// after it may join them to globDir, the one directory given in
	// paths ("" otherwise), in the tree globRoot.
	globbed  int
	globArgs []string
	globDir  string
	globRoot *os.Root
	parts    []string // the elements of the path of the file the walk queues
	// count says that the output is one line per file with a match, with
	// their count; first and limit then number files.
	count bool

	first, limit int   // the matches to show: numbers first to first+limit-1
	offset       int64 // the offset as given, which first holds at most 2^40 of
	// full is set once the matches to show are all known, so that the
	// text of the rest is not kept.
	full bool

	batch   []job        // the batch the walk is filling
	halt    atomic.Bool  // set when the reading has stopped: the walk stops too
	batches chan []job   // full batches, from the walk to the reading
	free    chan []job   // batches read, for the walk to fill again
	bufs    [][]byte     // one read buffer for each goroutine of a batch
	listing []byte       // where directories are listed, one after the other
	entries [][]dirEntry // the entries of the directory the walk is in, by depth
	depth   int          // of the directory the walk is in

	out          strings.Builder
	total        int  // matches found
	shown        int  // matches printed
	cut          bool // a match to show was left out for want of bytes
	files        int  // files with a match
	notText      skipList
	unreadable   skipList
	tooLarge     skipList
	badDirs      skipList // directories below a path given that could not be read
	gitDirs      skipList // .git directories given as paths, which are not searched
	skipped      int      // lines longer than longest
	firstSkipped string   // path:line of the first of them
	long         int      // matches shown cut from a line longer than maxLine
	firstLong    match    // the first of them
	firstLongIn  string   // and the path of its file, as shown
	// beforeOpen, when set, runs between the listing of a directory and
	// the opening of a directory in it, with that one's slash path; tests
	// use it to swap the directory for something else.
	beforeOpen func(name string)
}

// newSearcher returns a searcher for the call with args.
func newSearcher(ctx context.Context, re *regexp.Regexp, args searchArgs) *searcher {
	s := &searcher{
		ctx:     ctx,
		re:      re,
		longest: lineBudget / progSize(args.Pattern),
		count:   args.Count,
		first:   int(min(max(int64(args.Offset), 1), 1<<40)),
		offset:  max(int64(args.Offset), 1),
		limit:   int(min(int64(args.Limit), 1<<40)),
		bufs:    make([][]byte, workers()),
		// One batch waits while one is read and one is filled.
		batches: make(chan []job, 1),
		free:    make(chan []job, 2),
	}
	if s.limit == 0 {
		s.limit = searchLines
	}
	if prefix, _ := re.LiteralPrefix(); prefix != "" {
		s.prefix = []byte(prefix)
	}
	return s
}
