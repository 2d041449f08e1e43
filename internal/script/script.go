// Package script runs end-to-end stories of a program written as script
// files: the files of a working tree, then steps, each a run of the program
// with what it must print, the status it must exit with and what the tree
// must hold afterwards. It is test infrastructure on the standard library.
//
// A script is prose lines starting with #, then sections, each a header
// line "-- ... --" and the lines under it. Before the first step, a section
// "-- <path> --" is a file of the working tree, "-- <path>/ --", with no
// text, an empty directory, and "-- testprog <bundle> --" names the bundle
// of testdata/testprog the steps run (see [Script.Testprog]). A step
// "-- $ <words> --" runs the program with the words, split as an example's
// command line is (see shellwords.Split), in the tree. The sections after
// it say how it runs and what the run does:
//
//	-- argv0 <word> --     the name it is run as (its path otherwise)
//	-- stdin --            what it reads on stdin (nothing otherwise)
//	-- status <n> --       its exit status (0 otherwise)
//	-- stdout -- / -- stderr --          the stream in full (empty otherwise)
//	-- stdout has -- / -- stderr has --  lines that each appear in it
//	-- stdout lacks -- / -- stderr lacks --  lines that none appears in it
//	-- stdout matches -- / -- stderr matches --  as many lines as it has,
//	                       each a regular expression (package regexp) that
//	                       the stream's line at its place matches in full
//	-- file <path> --      what the file holds afterwards, in full
//	-- file <path> has --  lines that each appear in the file
//	-- file <path> lacks --  lines that none appears in the file
//	-- file <path> matches --  the file's lines, as regular expressions
//	-- file <path> absent --  nothing is at the path afterwards
//	-- dir <path> --       everything under the directory afterwards, one
//	                       path a line, sorted, a directory's ending in "/";
//	                       a directory that does not exist holds nothing
//	-- tree unchanged --   the working tree afterwards is as it was before
//	                       the step: the same entries, modes, contents and
//	                       link targets
//	-- env <NAME>=<value> --  a variable added to its environment, over
//	                       one of the same name (for testprog, the bundle
//	                       a step of its own runs)
//
// A stream checked by has, lacks or matches is not compared in full; has and
// matches may check the same stream.
//
// $WORK in a word or an expected text stands for the working tree, and $TMP
// for a directory outside it; [Program.Vars] adds more. In a regular
// expression they stand for the path itself, not a pattern. Paths in
// expected text are slash-separated; on Windows, so is the program's output
// once read.
//
// The text of a section is its lines, each with its line break, but for the
// last line of a section whose header ends in "(no newline)", as in
// "-- file x.txt (no newline) --". A header ending in "(quoted)" gives the
// text as Go string literals, one a line, which are unquoted and joined:
// "-- logo.png (quoted) --" then "\x89PNG\r\n" holds bytes a line of text
// cannot. In a quoted has or lacks section, of a stream or a file, each
// literal is one fragment, which may hold line breaks. A step
// "-- $ <literals> (quoted) --" gives its words as Go string literals
// separated by blanks, for words no command line can carry, such as
// "read_file\n" or "\xff".
package script

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/agenttool/toolbundle/internal/shellwords"
)

// Script is a parsed script, ready to run with [Script.Run].
type Script struct {
	// Testprog is the bundle named by a section "-- testprog <bundle> --",
	// or "" without one: the caller runs such a script with its testprog.
	Testprog string
	files    map[string]string
	dirs     []string
	steps    []step
}

// step is one run of the program in a script.
type step struct {
	line  string // the command line as the script gives it, for messages
	words []string
	// argv0 is the name the program runs as, when renamed is set.
	argv0   string
	renamed bool
	stdin   string
	status  int
	// stdout and stderr are the streams in full, unless a check of has,
	// lacks or matches is given for the stream.
	stdout, stderr stream
	files          []file
	dirs           []file   // data: the paths under the directory
	env            []string // "NAME=value", added to the environment
	unchanged      bool
}

// stream is what a step expects of one of its output streams.
type stream struct {
	full    string
	has     []string
	lacks   []string
	matches []string // regular expressions, one per line
}

// file is what a file holds after a step: data in full, or, by kind,
// fragments that each appear in it or that none does, or regular
// expressions its lines match.
type file struct {
	path      string
	data      string
	kind      string   // "", "has", "lacks", "matches" or "absent"
	fragments []string // for has and lacks: the lines of data, or its literals
}

// Parse reads the text of a script.
func Parse(text string) (*Script, error) {
	s := &Script{files: map[string]string{}}
	var head string
	var body strings.Builder
	flush := func() error {
		if head == "" {
			return nil
		}
		text := body.String()
		body.Reset()
		quoted := false
		if h, ok := strings.CutSuffix(head, " (no newline)"); ok {
			head, text = h, strings.TrimSuffix(text, "\n")
		} else if h, ok := strings.CutSuffix(head, " (quoted)"); ok {
			head, quoted = h, true
		}
		var st *step
		if len(s.steps) > 0 {
			st = &s.steps[len(s.steps)-1]
		}
		if line, ok := strings.CutPrefix(head+" ", "$ "); ok {
			line = strings.TrimSpace(line)
			words, err := splitWords(line, quoted)
			if err != nil {
				return fmt.Errorf("step %q: %v", line, err)
			}
			if text != "" {
				return fmt.Errorf("step %q: a step has no text of its own", line)
			}
			s.steps = append(s.steps, step{line: line, words: words})
			return nil
		}
		var pieces []string
		if quoted {
			var err error
			if pieces, err = unquote(text); err != nil {
				return fmt.Errorf("section %q: %v", head, err)
			}
			text = strings.Join(pieces, "")
		}
		if dir, ok := strings.CutSuffix(head, "/"); ok && st == nil {
			if text != "" {
				return fmt.Errorf("directory %q: a directory has no text", head)
			}
			s.dirs = append(s.dirs, dir)
			return nil
		}
		if bundle, ok := strings.CutPrefix(head, "testprog "); ok && st == nil {
			s.Testprog = bundle
			return nil
		}
		if st == nil {
			s.files[head] = text
			return nil
		}
		return st.section(head, text, pieces)
	}
	for line := range strings.Lines(text) {
		if h, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "-- "); ok && strings.HasSuffix(h, " --") {
			if err := flush(); err != nil {
				return nil, err
			}
			head = strings.TrimSuffix(h, " --")
			continue
		}
		switch {
		case head != "":
			body.WriteString(line)
		case strings.HasPrefix(line, "#"), strings.TrimSpace(line) == "":
		default:
			return nil, fmt.Errorf("line %q before the first section is not a comment", line)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(s.steps) == 0 {
		return nil, errors.New("the script has no step")
	}
	return s, nil
}

// section reads a section of the step, its header head and its text, and,
// for a quoted section, the literals the text joins.
func (st *step) section(head, text string, pieces []string) error {
	fragments := pieces
	if pieces == nil {
		fragments = lines(text)
	}
	word, arg, _ := strings.Cut(head, " ")
	switch {
	case word == "argv0":
		words, err := shellwords.Split(arg)
		if err != nil || len(words) != 1 {
			return fmt.Errorf("step %q: argv0 %q is not one word (%v)", st.line, arg, err)
		}
		st.argv0, st.renamed = words[0], true
		return nil
	case word == "dir":
		st.dirs = append(st.dirs, file{path: arg, data: text})
		return nil
	case head == "stdin":
		st.stdin = text
		return nil
	case head == "tree unchanged":
		if text != "" {
			return fmt.Errorf("step %q: %q has no text", st.line, head)
		}
		st.unchanged = true
		return nil
	case word == "status":
		n, err := strconv.Atoi(arg)
		if err != nil {
			return fmt.Errorf("step %q: status %q is not a number", st.line, arg)
		}
		st.status = n
		return nil
	case word == "file":
		path, kind := arg, ""
		for _, k := range []string{"has", "lacks", "matches", "absent"} {
			if p, ok := strings.CutSuffix(arg, " "+k); ok {
				path, kind = p, k
			}
		}
		if kind == "absent" && text != "" {
			return fmt.Errorf("step %q: %q has no text", st.line, head)
		}
		if kind == "matches" {
			if err := compiles(text); err != nil {
				return fmt.Errorf("step %q: file %q: %v", st.line, path, err)
			}
		}
		st.files = append(st.files, file{path: path, data: text, kind: kind, fragments: fragments})
		return nil
	case word == "env":
		name, _, ok := strings.Cut(arg, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t") || text != "" {
			return fmt.Errorf("step %q: %q is not \"env NAME=value\" alone", st.line, head)
		}
		st.env = append(st.env, arg)
		return nil
	case word == "stdout" || word == "stderr":
		out := &st.stdout
		if word == "stderr" {
			out = &st.stderr
		}
		switch arg {
		case "":
			out.full = text
		case "has":
			out.has = fragments
		case "lacks":
			out.lacks = fragments
		case "matches":
			if err := compiles(text); err != nil {
				return fmt.Errorf("step %q: %s: %v", st.line, word, err)
			}
			out.matches = lines(text)
		default:
			return fmt.Errorf("step %q: unknown section %q", st.line, head)
		}
		return nil
	}
	return fmt.Errorf("step %q: unknown section %q", st.line, head)
}

// splitWords splits the command line of a step into words: as a shell
// would, or, quoted, as Go string literals separated by blanks.
func splitWords(line string, quoted bool) ([]string, error) {
	if !quoted {
		return shellwords.Split(line)
	}
	var words []string
	for rest := strings.TrimLeft(line, " \t"); rest != ""; rest = strings.TrimLeft(rest, " \t") {
		lit, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return nil, fmt.Errorf("%q does not start with a Go string literal", rest)
		}
		word, _ := strconv.Unquote(lit)
		words = append(words, word)
		rest = rest[len(lit):]
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			return nil, fmt.Errorf("%q follows a literal without a blank", rest)
		}
	}
	return words, nil
}

// unquote returns the strings of the Go string literals of text, one a
// line.
func unquote(text string) ([]string, error) {
	var pieces []string
	for line := range strings.Lines(text) {
		s, err := strconv.Unquote(strings.TrimSuffix(line, "\n"))
		if err != nil {
			return nil, fmt.Errorf("line %q is not a Go string literal", line)
		}
		pieces = append(pieces, s)
	}
	return pieces, nil
}

// compiles reports the first line of text that is not a regular expression.
func compiles(text string) error {
	for _, line := range lines(text) {
		if _, err := regexp.Compile(line); err != nil {
			return err
		}
	}
	return nil
}

// lines returns the lines of a section, without their line breaks.
func lines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}
