package toolbundle

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool/cli"
)

// Option sets something the bundle says about one of its tools. Options are
// passed to Use, which applies them in order.
type Option func(*Tool)

// PreApproved lists the tool's command in the skill's allowed-tools as
// Bash(<name> <command> *), so that a host honouring the field runs it
// without asking during the turn that uses the skill. export-skill prints
// every command it pre-approved.
//
// Pre-approval is the author's decision, made tool by tool. It is never
// derived from the tool's read-only hint: a hint may make a policy stricter,
// but may not by itself allow a call. A hidden tool is never listed, even
// when pre-approved.
func PreApproved() Option {
	return func(t *Tool) { t.preApproved = true }
}

// Example adds a worked command line, with its caption, under the tool's
// section of the skill. Examples keep the order in which they are given.
//
// args is what follows the program's name, starting with the command, as in
// "read_file --path go.mod". It gives any JSON argument inline, and puts in
// single or double quotes every word holding a character other than an ASCII
// letter, a digit or one of -_./:=,@+%, and every word starting with "=", so
// that a model copying it can never type a redirection, a pipe, an expansion
// or a glob. Quotes work as in a POSIX shell: single quotes keep everything
// up to the next single quote, double quotes take a backslash only before \,
// ", $ and a backquote and refuse an unescaped $ or backquote, and quoted
// pieces join the text they touch. A line break (Unicode's line separators
// included) and any control character but the tab are refused even inside
// quotes, since an example is one line that a model can copy.
//
// Main splits every example this way and parses it against its command, as
// the program would parse that command line, each time the program starts.
// It refuses to run if one fails, so an example cannot teach a flag that does
// not exist, and it does not check required parameters, which are the tool's
// to judge.
//
// An empty caption reads "Example"; one trailing period is dropped, since a
// colon follows the caption in the skill. A caption is one line of prose:
// Main refuses one with a line break or another control character but the
// tab, and one that starts with a code fence.
func Example(args, caption string) Option {
	return func(t *Tool) { t.examples = append(t.examples, example{args: args, caption: caption}) }
}

// Stateful acknowledges that the tool keeps state from one call to the next
// (a shell session, a running container), and that the author accepts losing
// it, since every call of the program is a fresh process. It silences the
// warning export-skill gives about a tool that declares a resource, is
// sequential or is an io.Closer. It changes nothing at run time.
func Stateful() Option {
	return func(t *Tool) { t.stateful = true }
}

// Hidden leaves the tool out of the skill (its section, its examples and
// allowed-tools) and out of help, for a maintenance command a model should
// not reach for. The command still runs when called by name, and the tool is
// still checked at startup, warned about and closed.
func Hidden() Option {
	return func(t *Tool) { t.hidden = true }
}

// isPlain reports whether r may appear outside quotes in an example: an
// ASCII letter or digit, or one of the punctuation characters that no common
// shell gives a meaning to in the middle of a word.
func isPlain(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return true
	}
	return strings.ContainsRune("-_./:=,@+%", r)
}

// splitWords splits an example's command line into words the way a POSIX
// shell would, for the small subset of shell syntax an example may use:
// blanks separate words, single quotes are literal, and double quotes honour
// the backslash only before \, ", $ and a backquote. Everything that a shell
// would expand, redirect or treat as an operator must be quoted, and a line
// break or other control character may not appear at all; any of these is
// an error naming the rune.
func splitWords(s string) ([]string, error) {
	if err := checkOneLine(s, "an example"); err != nil {
		return nil, err
	}
	var (
		words  []string
		word   strings.Builder
		inWord bool // a piece of the current word has been seen, even an empty quoted one
	)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			i += size
		case r == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated single quote")
			}
			word.WriteString(s[i+1 : i+1+end])
			inWord = true
			i += end + 2
		case r == '"':
			n, err := doubleQuoted(s[i+1:], &word)
			if err != nil {
				return nil, err
			}
			inWord = true
			i += n + 1
		case isPlain(r) && !(r == '=' && !inWord):
			// zsh expands a word starting with an unquoted '=' to a
			// command's path, so '=' may only follow something.
			word.WriteRune(r)
			inWord = true
			i += size
		default:
			return nil, fmt.Errorf("%q must be quoted", r)
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// checkOneLine refuses in s, an example or a caption as what says in the
// message, what would not survive being copied as one line: a line break,
// Unicode's line and paragraph separators and NEL included, since shells
// disagree about a quoted backslash-newline and Markdown would end the
// line there; and any other control character but the tab, which a model
// cannot type and a command line cannot always carry (NUL never).
func checkOneLine(s, what string) error {
	for _, r := range s {
		switch {
		case r == '\n', r == '\r', r == '\v', r == '\f', r == 0x85, r == 0x2028, r == 0x2029:
			return fmt.Errorf("%q must not appear in %s; it is one line", r, what)
		case r != '\t' && unicode.IsControl(r):
			return fmt.Errorf("%q must not appear in %s; it is a control character", r, what)
		}
	}
	return nil
}

// checkCaption refuses a caption that would not stay the one line of prose
// introducing its example in the skill: one holding a line break or another
// control character but the tab, or one starting a code fence, which would
// swallow the rest of the skill's body.
func checkCaption(c string) error {
	if err := checkOneLine(c, "a caption"); err != nil {
		return err
	}
	if t := strings.TrimSpace(c); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		return errors.New("a caption must not start with a code fence")
	}
	return nil
}

// doubleQuoted reads the text of a double-quoted piece from s, which starts
// just after the opening quote, and appends it to word. It returns the number
// of bytes consumed, the closing quote included. Inside double quotes a shell
// still expands '$' and backquotes, so those must be escaped; a backslash
// before any other character stays in the text, as it does in the shell.
func doubleQuoted(s string, word *strings.Builder) (int, error) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
				word.WriteByte(s[i+1])
				i += 2
				continue
			}
			word.WriteByte('\\')
			i++
		case '$', '`':
			return 0, fmt.Errorf("%q in double quotes is expanded by the shell; use single quotes", r)
		default:
			// Copy the bytes rather than the decoded rune, so that text which is
			// not valid UTF-8 reaches the parser as written and is judged there.
			word.WriteString(s[i : i+size])
			i += size
		}
	}
	return 0, errors.New("unterminated double quote")
}

// noStdin is the standard input an example is parsed with. An example that
// reads its JSON argument from stdin ("-") could not be copied into a skill
// as one line, so reading fails.
type noStdin struct{}

func (noStdin) Read([]byte) (int, error) {
	return 0, errors.New("an example gives its JSON argument inline, not on stdin")
}

// checkExample parses one example against the command c exactly as the
// program would parse that command line, without running anything. The
// caller describes each tool once and shares the description between its
// examples. The error is the reason the example is refused.
func checkExample(c cli.Command, args string) error {
	words, err := splitWords(args)
	if err != nil {
		return err
	}
	if len(words) == 0 || words[0] != c.Name {
		return fmt.Errorf("it must start with the command, %s", c.Name)
	}
	// The skill prints the example as written, and a permission rule
	// Bash(<Name> <command> *) matches the command word only as a plain
	// word: a quoted one would teach a line the rule does not cover.
	if rest, ok := strings.CutPrefix(strings.TrimSpace(args), c.Name); !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return fmt.Errorf("it must start with the command, %s, unquoted", c.Name)
	}
	// Required properties are left alone: the parser does not check them
	// either; the tool does, when it runs.
	if _, err := c.Args(words[1:], noStdin{}); err != nil {
		if errors.Is(err, cli.ErrHelp) {
			return errors.New("it asks for the command's help; it is not a call of the command")
		}
		return err
	}
	return nil
}
