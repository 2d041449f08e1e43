package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The words a command line holds after its flags are the JSON argument or
// nothing. When they are anything else, the refusal says what the caller
// most likely meant: a flag after the JSON argument or after "--", a
// boolean flag's value given as a word, values of a repeated flag given
// after a single flag, or the arguments as bare words in order.

// afterRepeated returns the error for bare words, rest, right after the
// value of a flag given once per value or entry, as `--paths a b` or a
// shell's expansion of `--paths *.go` gives them: that each value takes the
// flag again, spelt out, and that a pattern meant as one value is quoted.
// It returns nil for any other words.
func afterRepeated(words, rest []string, values []flagValue) error {
	n := len(words) - len(rest)
	if n < 1 || slices.ContainsFunc(rest, func(w string) bool { return strings.HasPrefix(w, "-") }) {
		return nil
	}
	for i := range values {
		v := &values[i]
		if !v.pos.param.Repeated() && !v.pos.param.Map() {
			continue
		}
		typed, value, ok := "", "", false
		for _, dashes := range [...]string{"--", "-"} {
			flag := dashes + v.pos.flag
			if after, found := strings.CutPrefix(words[n-1], flag+"="); found {
				typed, value, ok = flag, after, true
			} else if n >= 2 && words[n-2] == flag {
				typed, value, ok = flag, words[n-1], true
			}
		}
		if !ok {
			continue
		}
		spelt := typed + " " + ShellWord(value)
		for _, w := range rest {
			spelt += " " + typed + " " + ShellWord(w)
		}
		return fmt.Errorf("unexpected %s: %s takes one value each time it is given, as in %s; a pattern meant as one value goes in single quotes", unexpectedWords(rest), typed, spelt)
	}
	return nil
}

// bareWords returns the error for words given in place of any flag (all
// reports that no flag came before them), as `read_file a.go` gives the
// path: the flags they would be, taken in order by the command's required
// flags and then its others, those of strings and numbers only, as in
// `--path a.go`. It returns nil when a flag came first, when the words could
// be meant as the JSON argument (a -, a first word that starts as an object
// or array would, or one word of JSON), when a word is blank, and when the
// words are more than those flags or one is not a value of its flag's
// type: a guess that cannot be right is no help.
func (c Command) bareWords(words []string, all bool) error {
	if len(words) == 0 {
		return nil
	}
	first := trimJSONSpace(words[0])
	switch {
	case !all, slices.Contains(words, "-"), strings.HasPrefix(first, "{"), strings.HasPrefix(first, "["),
		strings.HasPrefix(first, byteOrderMark), len(words) == 1 && json.Valid([]byte(first)),
		slices.ContainsFunc(words, func(w string) bool { return strings.TrimSpace(w) == "" }):
		return nil
	}
	var required, others []position
	for _, p := range walkFlags(c.Params) {
		switch {
		case p.flag == "" || !scalar(p.param.Type) || p.param.Type == "boolean":
		case p.chainRequired:
			required = append(required, p)
		default:
			others = append(others, p)
		}
	}
	order := append(required, others...)
	if len(words) > len(order) {
		return nil
	}
	flags := make([]string, len(words))
	for i, w := range words {
		if _, err := convert(order[i].param.Type, w); err != nil {
			return nil
		}
		flags[i] = "--" + order[i].flag + " " + ShellWord(w)
	}
	return fmt.Errorf("unexpected %s: a command's arguments are flags, as in %s", unexpectedWords(words), strings.Join(flags, " "))
}

// unexpectedWords names words, one or more, as a refusal of them does:
// word "a", or words "a" and "b".
func unexpectedWords(words []string) string {
	if len(words) == 1 {
		return "word " + quoted(words[0])
	}
	return "words " + list(words, quoted)
}

// errStrayWord is what jsonArgument returns for a word that is no JSON at
// all; strayWord says what it is instead.
var errStrayWord = errors.New("stray word")

// strayWord returns the error for the words after the flags, rest, which
// jsonArgument refused with err: when a boolean flag comes right before
// them, that the flag takes its value after "=" only (see boolValue); when
// a flag took the name of another as its value, that it did (see
// swallowed); when a flag follows the JSON argument, that it belongs
// before it, or before the command for a program option (see afterJSON);
// when a flag follows "--", that "--" ended the flags; when words follow a
// repeated flag's value, that each takes the flag (see afterRepeated);
// when they follow a string flag's value, that a value holding spaces goes
// in quotes (see spacedValue); for an empty word first, that it is an
// argument of its own; for one word that is no JSON at all, that it has
// no place there; else err.
func strayWord(err error, words, rest []string, values []flagValue) error {
	if e := boolValue(words, rest, values); e != nil {
		return e
	}
	if e := swallowed(words, rest, values); e != nil {
		return e
	}
	if e := afterJSON(words, rest); e != nil {
		return e
	}
	if rest[0] == "" && !slices.ContainsFunc(rest, func(w string) bool { return len(w) > 1 && w[0] == '-' }) {
		return errors.New(`unexpected word "": an empty word ('' or "" on the command line) is an argument of its own, ` +
			"and the flags are followed by one JSON object, - or nothing; leave it out")
	}
	// The flag package stops at "--" and hands what follows on as it is.
	if n := len(words) - len(rest); n > 0 && words[n-1] == "--" && len(rest[0]) > 1 && rest[0][0] == '-' {
		return fmt.Errorf("%q ends the flags, so %q after it is not read as a flag; give the flags without \"--\"", "--", rest[0])
	}
	if e := afterRepeated(words, rest, values); e != nil {
		return e
	}
	if e := spacedValue(words, rest, values); e != nil {
		return e
	}
	if len(rest) != 1 || rest[0] == "-" || !errors.Is(err, errStrayWord) {
		return err
	}
	return fmt.Errorf("unexpected word %q: the flags are followed by one JSON object, - or nothing", rest[0])
}

// meantAsJSON reports whether word, the first after the flags, is the JSON
// argument as the caller meant it: "-", or a word that starts as an object
// does, whether or not its JSON is sound.
func meantAsJSON(word string) bool {
	return word == "-" || strings.HasPrefix(trimJSONSpace(word), "{")
}

// flagRead is one flag as Go's flag package read it: as typed, the value
// it sets (nil for an unknown one), and the word after it that it took as
// its value, if it took one: none when the value was attached with "=" or
// the flag is a boolean that stood alone.
type flagRead struct {
	typed string
	v     *flagValue
	value string
	took  bool
}

// readFlags returns the flags of flags, the words Go's flag package read
// as flags, as it read them, and whether a "--" ended them.
func readFlags(flags []string, values []flagValue) (read []flagRead, dashes bool) {
	for i := 0; i < len(flags); i++ {
		f := flagRead{typed: flags[i]}
		if f.typed == "--" {
			return read, true
		}
		name := strings.TrimPrefix(strings.TrimPrefix(f.typed, "-"), "-")
		if !strings.Contains(name, "=") {
			for j := range values {
				if values[j].pos.flag == name {
					f.v = &values[j]
				}
			}
			if f.v != nil && !f.v.IsBoolFlag() && i+1 < len(flags) {
				i++
				f.value, f.took = flags[i], true
			}
		}
		read = append(read, f)
	}
	return read, false
}

// lastFlag returns the last of flags as readFlags reads them, and the
// zero flagRead when there is none or a "--" ended them.
func lastFlag(flags []string, values []flagValue) flagRead {
	read, dashes := readFlags(flags, values)
	if dashes || len(read) == 0 {
		return flagRead{}
	}
	return read[len(read)-1]
}

// namesFlag reports whether word is a flag of the command as a command
// line gives one, with one dash or two and a value after "=" or none; the
// help flag, -h or -help, which every command answers, is one.
func namesFlag(word string, values []flagValue) bool {
	name, ok := strings.CutPrefix(word, "-")
	if !ok {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	name, _, _ = strings.Cut(name, "=")
	if name == "h" || name == "help" {
		return true
	}
	for i := range values {
		if name == values[i].pos.flag {
			return true
		}
	}
	return false
}

// tookFlag returns the refusal of flags, the words Go's flag package read
// as flags, when one flag took as its value the next word and that word is
// another flag of the command, as `--new --all` gives --new the value
// "--all" and `--pattern --limit=3` --pattern "--limit=3": the caller left
// out a value, most likely, and the flag named would otherwise be written
// as text. The "=" form gives such a value on purpose. It returns nil when
// no flag took one.
func tookFlag(flags []string, values []flagValue) error {
	if !slices.ContainsFunc(flags, func(w string) bool { return namesFlag(w, values) }) {
		return nil
	}
	read, _ := readFlags(flags, values)
	for _, f := range read {
		if f.took && namesFlag(f.value, values) {
			return fmt.Errorf("%s took %q as its value, since a flag takes the next word; "+
				"write the value after %s, or %s if %q is the value meant",
				f.typed, f.value, f.typed, ShellWord(f.typed+"="+f.value), f.value)
		}
	}
	return nil
}

// boolValue returns the error for the words after the flags, rest, when a
// boolean flag that stood alone comes right before them and the first is
// not meant as the JSON argument: the flag stood alone for true, so the
// word ended the flags, wherever it stands and whatever follows it. The
// refusal teaches the "=" form, and which values it takes when the word is
// none of them. It returns nil for any other words.
func boolValue(words, rest []string, values []flagValue) error {
	last := lastFlag(words[:len(words)-len(rest)], values)
	typed, v := last.typed, last.v
	if v == nil || last.took || !v.IsBoolFlag() || meantAsJSON(rest[0]) {
		return nil
	}
	word := rest[0]
	if _, err := strconv.ParseBool(word); err != nil {
		// --on=yes would be refused too; teach what is taken.
		return fmt.Errorf("unexpected word %q: a boolean flag is given alone, as %s, or with true or false after \"=\", as in %s=false", word, typed, typed)
	}
	return fmt.Errorf("unexpected word %q: a boolean flag takes a value only after \"=\", as in %s=%s", word, typed, word)
}

// swallowed returns the error for the words after the flags, rest, when
// the last flag took as its value the next word, which is exactly another
// flag of the command, as `--path --limit 3` gives --path the value
// "--limit" and leaves "3" over: the caller left out a value, most likely,
// so the refusal says what was read and how to write either meaning. It
// returns nil for any other words, and when the first word left is meant
// as the JSON argument, since `--pattern --limit {...}` may well be meant.
func swallowed(words, rest []string, values []flagValue) error {
	last := lastFlag(words[:len(words)-len(rest)], values)
	typed, value := last.typed, last.value
	if !last.took || meantAsJSON(rest[0]) || !namesFlag(value, values) {
		return nil
	}
	left := "was"
	if len(rest) > 1 {
		left = "were"
	}
	return fmt.Errorf("%s took %q as its value, since a flag takes the next word, so %s %s left over; "+
		"write the value after %s, or %s if %q is the value meant",
		typed, value, list(rest, quoted), left, typed, ShellWord(typed+"="+value), value)
}

// tookDashes returns the refusal of the flag called name that the
// command does not define, when the word before it in words is "--" taken
// as the value of the flag before that, as in `--pattern -- --z`: a flag's
// value is the next word, whatever it is, so "--" ended nothing and --z was
// read as a flag. It returns nil in any other case.
func tookDashes(words []string, name string, values []flagValue) error {
	for i := 2; i < len(words); i++ {
		typed, _, _ := strings.Cut(words[i], "=")
		if words[i-1] != "--" || typed != "-"+name && typed != "--"+name {
			continue
		}
		for j := range values {
			v := &values[j]
			if !v.IsBoolFlag() && (words[i-2] == "--"+v.pos.flag || words[i-2] == "-"+v.pos.flag) &&
				len(v.values) > 0 && v.values[len(v.values)-1] == `"--"` {
				return fmt.Errorf("unknown flag %q: %s took \"--\" as its value, since a flag takes the next word, so %q was read as a flag; "+
					"write %s if %q is the value meant", typed, words[i-2], words[i], ShellWord(words[i-2]+"="+words[i]), words[i])
			}
		}
	}
	return nil
}

// spacedValue returns the error for the words after the flags, rest, when
// they follow the value of a string flag given as a word of its own, as
// --content a b leaves them: most likely one value whose quotes were lost,
// which the error shows quoted. It returns nil otherwise.
func spacedValue(words, rest []string, values []flagValue) error {
	n := len(words) - len(rest)
	switch {
	case n < 2 || len(rest) == 0 || rest[0] == "-":
		return nil
	case strings.HasPrefix(words[n-1], "-"), rest[0] != "" && strings.IndexByte(`{["`, rest[0][0]) >= 0:
		return nil // a flag for a value, or a JSON argument, is another slip
	}
	typed := words[n-2]
	name := strings.TrimLeft(typed, "-")
	if len(typed)-len(name) > 2 || name == typed || strings.Contains(name, "=") {
		return nil
	}
	for _, v := range values {
		p := v.pos.param
		if v.pos.flag != name || p.valueType() != "string" || p.Repeated() || p.Map() {
			continue
		}
		stray := rest
		for i, w := range rest {
			if strings.HasPrefix(w, "-") {
				stray = rest[:i]
				break
			}
		}
		if len(stray) == 0 || !slices.ContainsFunc(stray, func(w string) bool { return w != "" }) {
			return nil // empty words are no part of a value with spaces
		}
		whole := strings.Join(append([]string{words[n-1]}, stray...), " ")
		return fmt.Errorf("unexpected %s after %s %s: the flags are followed by one JSON object, - or nothing; a value holding spaces goes in quotes, as in %s %s",
			unexpectedWords(stray), typed, ShellWord(words[n-1]), typed, ShellWord(whole))
	}
	return nil
}

// dashes are the characters that a word processor or a model puts where
// a flag's hyphens belong, each with its name.
var dashes = []struct{ r, name string }{
	{"\u2014", "an em dash (U+2014)"},
	{"\u2013", "an en dash (U+2013)"},
	{"\u2212", "a minus sign (U+2212)"},
	{"\u2010", "a hyphen (U+2010)"},
	{"\u2011", "a non-breaking hyphen (U+2011)"},
	{"\u2012", "a figure dash (U+2012)"},
	{"\ufe63", "a small hyphen-minus (U+FE63)"},
	{"\uff0d", "a fullwidth hyphen-minus (U+FF0D)"},
}

// otherDash returns the refusal of the first of words, those after the
// flags, that starts with a dash other than "-" and then names a flag of
// the command, as `—path` does when a text editor turned "--" into an em
// dash: the flag package does not read it as a flag, so it ended the
// flags. The refusal names the character and the flag meant. It returns
// nil when no such word comes before the JSON argument; a dash before a
// word that names no flag may be prose, which the other refusals of stray
// words answer.
func (c Command) otherDash(words []string) error {
	for _, w := range words {
		if meantAsJSON(w) {
			return nil
		}
		what, rest := leadingDashes(w)
		if what == "" {
			continue
		}
		if name, _, _ := strings.Cut(rest, "="); slices.Contains(c.flagNames(), name) {
			return fmt.Errorf("%q starts with %s, not with \"--\", so it is not read as a flag; write %s", w, what, "--"+rest)
		}
	}
	return nil
}

// leadingDashes returns the name of the first dash other than "-" that
// starts word, and word after every dash at its start, of either kind; ""
// when word does not start with such a dash.
func leadingDashes(word string) (what, rest string) {
	rest = word
	for {
		found := false
		for _, d := range dashes {
			if r, ok := strings.CutPrefix(rest, d.r); ok {
				if what == "" && len(rest) == len(word) {
					what = d.name
				}
				rest, found = r, true
			}
		}
		if r, ok := strings.CutPrefix(rest, "-"); ok {
			rest, found = r, true
		}
		if !found {
			return what, rest
		}
	}
}
