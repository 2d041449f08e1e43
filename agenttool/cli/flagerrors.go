package cli

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The refusals of a command line say what was wrong, in the terms the
// caller used, and what would have been right: the names that exist, or
// the closest of them when there are many. Everything here runs only once
// a command line has been refused, so none of it costs a call that works.

// fewNames is the most names a refusal lists in full; beyond it, only the
// closest ones are named.
const fewNames = 6

// namesHint returns the clause that tells the reader which of names they
// meant by word: every name when they are few ("its flags are --a and
// --b"), otherwise the closest ones ("did you mean --a?"), or "" when
// none is close. what names the list ("its flags"), with "%s" standing for
// the noun's "s", and show writes a name as the reader should type it.
func namesHint(word string, names []string, what string, show func(string) string) string {
	if len(names) == 0 {
		return ""
	}
	if len(names) <= fewNames {
		if len(names) == 1 {
			return fmt.Sprintf(what, "") + " is " + show(names[0])
		}
		return fmt.Sprintf(what, "s") + " are " + list(names, show)
	}
	near := closest(word, names)
	if len(near) == 0 {
		return ""
	}
	return "did you mean " + list(near, show) + "?"
}

// list writes names as "a", "a and b" or "a, b and c".
func list(names []string, show func(string) string) string {
	var b strings.Builder
	for i, name := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(show(name))
	}
	return b.String()
}

// quoted writes a name quoted, as a command's name is written.
func quoted(name string) string { return fmt.Sprintf("%q", name) }

// dashed writes a flag's name as it is typed, quoted as a shell needs it.
func dashed(name string) string { return ShellWord("--" + name) }

// closest returns the names nearest to word by edit distance, in their
// order, when that distance is small enough for a typo: one edit for each
// four bytes of the word, and at least one.
func closest(word string, names []string) []string {
	limit := max(1, len(word)/4)
	best := limit + 1
	var out []string
	for _, name := range names {
		d := distance(word, name)
		switch {
		case d > limit:
		case d < best:
			best, out = d, append(out[:0], name)
		case d == best:
			out = append(out, name)
		}
	}
	return out
}

// lower returns s in lower case, as strings.ToLower does, but for text
// that is not valid UTF-8, whose ASCII letters alone are lowered so that
// each byte stays one: ToLower would turn each bad byte into the three of
// U+FFFD, three edits where the caller made one.
func lower(s string) string {
	if utf8.ValidString(s) {
		return strings.ToLower(s)
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// distance is the edit distance between a and b: the fewest insertions,
// deletions, substitutions and swaps of two neighbours (the optimal string
// alignment distance), counted in bytes and blind to case, since a name
// typed in another case is a typo too.
func distance(a, b string) int {
	a, b = lower(a), lower(b)
	// Three rows of the table: two rows back, the last one and this one.
	back, last, row := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range last {
		last[j] = j
	}
	for i := 1; i <= len(a); i++ {
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(last[j]+1, row[j-1]+1, last[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				row[j] = min(row[j], back[j-2]+1)
			}
		}
		back, last, row = last, row, back
	}
	return last[len(b)]
}

// flagNames returns the names of the command's flags, in walk order.
func (c Command) flagNames() []string {
	var names []string
	for _, pos := range walkFlags(c.Params) {
		if pos.flag != "" {
			names = append(names, pos.flag)
		}
	}
	return names
}

// misplacedOption is the error for a program option given after the
// command name. Run, which knows the program's name, shows the corrected
// command line.
type misplacedOption struct {
	// words are the option as typed, with one dash or two, then its value
	// when it has one.
	words []string
	// missing stands for the value of an option given without one, as the
	// program help names it ("<file>"); "" when there is no value to give.
	missing string
}

// Error says that the option belongs to the program and goes before the
// command; corrected gives the line with it moved there.
func (e *misplacedOption) Error() string {
	name, _, _ := strings.Cut(e.words[0], "=")
	return name + " is an option of the program; put it before the command"
}

// corrected writes the start of the command line with the option moved
// before the command, its value quoted for the shell when it needs it.
func (e *misplacedOption) corrected(program, command string) string {
	words := []string{program}
	for _, w := range e.words {
		words = append(words, ShellWord(w))
	}
	if e.missing != "" {
		words = append(words, e.missing)
	}
	return strings.Join(append(words, command, "..."), " ")
}

// The messages of Go's flag package that a refusal rewords. The package
// writes the flag's name after one dash whatever the caller typed; these
// prefixes have been its wording since Go 1.
const (
	notDefined = "flag provided but not defined: -"
	needsValue = "flag needs an argument: -"
	badSyntax  = "bad flag syntax: "
)

// flagError rewords an error of a flag set's Parse over words, where the
// set holds the flags names, each a kind of flag ("flag"): a flag nobody
// defined is spelled as it was typed and followed by the names hint, a
// value a Set refused by the flag as typed and the Set's own error.
// ErrHelp and anything unexpected come back as they are.
func flagError(err error, words []string, kind string, names []string, what string) error {
	msg := err.Error()
	switch {
	case errors.Is(err, flag.ErrHelp):
		return err
	case strings.HasPrefix(msg, notDefined):
		name := msg[len(notDefined):]
		typed := typedFlag(words, name)
		out := fmt.Sprintf("unknown %s %q", kind, typed)
		if hint := namesHint(name, names, what, dashed); hint != "" {
			out += "; " + hint
		}
		return errors.New(out)
	case strings.HasPrefix(msg, needsValue):
		name := msg[len(needsValue):]
		return fmt.Errorf("%s: missing value", typedFlag(words, name))
	case strings.HasPrefix(msg, badSyntax):
		// Go's words for ---name, -=x and --=x.
		typed := msg[len(badSyntax):]
		name, _, _ := strings.Cut(strings.TrimLeft(typed, "-"), "=")
		switch {
		case name == "":
			return fmt.Errorf("%q names no %s; one is written --name or --name=value", typed, kind)
		case slices.Contains(names, name):
			return fmt.Errorf("%q starts with more than two dashes; write --%s", typed, strings.TrimLeft(typed, "-"))
		}
		return fmt.Errorf("%q starts with more than two dashes; a %s is written --name or --name=value", typed, kind)
	case strings.HasPrefix(msg, "invalid boolean value "):
		// Go's own booleans say only "parse error"; the value is quoted
		// first, the flag after it.
		value, qerr := strconv.QuotedPrefix(msg[len("invalid boolean value "):])
		name, ok := strings.CutPrefix(msg[len("invalid boolean value ")+len(value):], " for -")
		if name, _, cut := strings.Cut(name, ": "); qerr == nil && ok && cut {
			return fmt.Errorf("%s: expected true or false, got %s", typedFlag(words, name), value)
		}
		fallthrough
	case strings.HasPrefix(msg, "invalid "):
		// "invalid value %q for flag -%s: %v", or "invalid boolean value
		// %q for -%s: %v": the value may hold anything, the Set's error
		// never the separator, so the last one is the one.
		for _, sep := range [...]string{" for flag -", " for -"} {
			if i := strings.LastIndex(msg, sep); i >= 0 {
				if name, why, ok := strings.Cut(msg[i+len(sep):], ": "); ok {
					return fmt.Errorf("%s: %s", typedFlag(words, name), why)
				}
			}
		}
	}
	return err
}

// mapMemberError explains an unknown flag name that reaches into a map
// flag of walk, as "--inputs.env" does into --inputs, which takes its
// members as key=value: the refusal shows the flag as it should have been
// written, with the value that followed the typed one, if any. It returns
// nil for any other name.
func mapMemberError(walk []position, name string, words []string) error {
	for _, p := range walk {
		key, ok := strings.CutPrefix(name, p.flag+".")
		if p.flag == "" || !ok || key == "" || !p.param.Map() {
			continue
		}
		typed := typedFlag(words, name)
		value := "<value>"
		for i, w := range words {
			if v, ok := strings.CutPrefix(w, typed+"="); ok {
				value = ShellWord(v)
				break
			}
			if w == typed && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
				value = ShellWord(words[i+1])
				break
			}
		}
		return fmt.Errorf("unknown flag %q; --%s takes each member as key=value: --%s %s=%s",
			typed, p.flag, p.flag, ShellWord(key), value)
	}
	return nil
}

// typedFlag returns the flag called name as words spell it, with one dash
// or two and without its value, or with two dashes when no word does.
func typedFlag(words []string, name string) string {
	for _, w := range words {
		if w == "--" {
			break
		}
		for _, dashes := range [...]string{"--", "-"} {
			if w == dashes+name || strings.HasPrefix(w, dashes+name+"=") {
				return dashes + name
			}
		}
	}
	return "--" + name
}

// misplaced returns the misplaced-option error when the flag a command
// does not define, as fs.Parse reported it in err, is a program option.
func misplaced(err error, words []string) (*misplacedOption, bool) {
	name, ok := strings.CutPrefix(err.Error(), notDefined)
	if !ok {
		return nil, false
	}
	return misplacedFlag(name, words)
}

// misplacedFlag returns the misplaced-option error when name, a flag given
// among words after the command, is a program option. The corrected line
// keeps the option's value, or names the value it lacks; a boolean keeps
// a value attached with "=" only when it is one.
func misplacedFlag(name string, words []string) (*misplacedOption, bool) {
	f := programFlags(new(programOptions)).Lookup(name)
	if f == nil {
		return nil, false
	}
	typed := typedFlag(words, name)
	bare := &misplacedOption{words: []string{typed}}
	if !isBool(f) {
		placeholder, _ := flag.UnquoteUsage(f)
		bare.missing = "<" + placeholder + ">"
	}
	for i, w := range words {
		switch {
		case w == "--":
			// The flags end here; the loop with them.
		case strings.HasPrefix(w, typed+"="):
			value := w[len(typed)+1:]
			if !isBool(f) {
				return &misplacedOption{words: []string{typed, value}}, true
			}
			if _, err := strconv.ParseBool(value); err == nil {
				// A boolean keeps its value attached: --ask=false.
				return &misplacedOption{words: []string{w}}, true
			}
			return bare, true
		case w != typed:
			continue
		case isBool(f):
			return &misplacedOption{words: []string{w}}, true
		case i+1 == len(words):
			return bare, true
		default:
			return &misplacedOption{words: []string{w, words[i+1]}}, true
		}
		break
	}
	return bare, true
}

// isBool reports whether the flag stands alone for true.
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
