package cli

import (
	"slices"
	"strings"
	"unicode"
)

// Calling returns the part of the usage that teaches how to call the
// commands cmds of the program named program, headed "## Calling
// `<program>`". It is written for those commands: it explains only the
// forms they need (flags, with the rule for a repeated one, a boolean one
// and a boolean a call must give, which is shown as --name=<bool>; the
// JSON argument and stdin only when a parameter has no flag),
// shows them on command lines built from the commands' own names and flags,
// and gives the quoting rule of a POSIX shell: a value with a character
// [IsPlain] refuses, or starting with "=", in single quotes, or in double
// quotes with \", \$, \` and \\ escaped when it holds a single quote.
// Then come the exit statuses: when a failed call is worth running again,
// and the question a status-3 call prints and how to answer it, with
// --answer bound to the question's digest, shown on a call of the first
// command that is not read-only. Last comes what help and schema give for
// one command. The text ends with a newline.
func Calling(program string, cmds []Command) string {
	walks := make([][]position, len(cmds))
	for i, c := range cmds {
		walks[i] = walkFlags(c.Params)
	}
	f := survey(cmds, walks)
	lines := flagLines(program, cmds, walks)
	var b strings.Builder
	b.WriteString("## Calling `" + program + "`\n\n")
	var rules []string
	if f.values || f.bools {
		r := "Arguments are flags"
		if f.repeated || f.maps {
			r += " (`...`: once per value)"
		}
		rules = append(rules, r+".")
	}
	if f.values || f.json {
		rules = append(rules, "Single-quote a value holding anything but ASCII letters, digits and `"+plainPunct+"` "+
			"(`a|b`, `$HOME`, a space) or starting with `=`; double-quote it if it holds `'`, "+
			"escaping `\\\"` `\\$` `` \\` `` `\\\\`. Line breaks go inside the quotes as is.")
	}
	switch {
	case f.requiredBools:
		rules = append(rules, "A bare boolean flag is true; `--name=<bool>` is one the call must give, `=true` or `=false`.")
	case f.bools:
		rules = append(rules, "A bare boolean flag is true.")
	}
	if len(rules) > 0 {
		b.WriteString(strings.Join(rules, " ") + "\n\n")
	}
	if len(lines) > 0 {
		b.WriteString("```sh\n" + strings.Join(lines, "\n") + "\n```\n\n")
	}
	if f.json {
		b.WriteString("A parameter marked JSON only goes in one JSON object after any flags, " +
			"in single quotes, `\\n` for a line break in a string; `" + program + " schema <command>` " +
			"prints its JSON Schema. JSON holding `'` goes on stdin")
		if ex := f.jsonEx; ex != nil {
			b.WriteString(":\n\n```sh\n" + jsonLine(program, *ex) + "\n" + jsonStdin(program, *ex) + "\n```\n\n")
		} else {
			b.WriteString(".\n\n")
		}
	}
	b.WriteString("Exit status:\n\n" +
		"- 0: done, output on stdout.\n" +
		"- 1: the tool failed or refused; retry only as stderr says.\n" +
		"- 2: nothing ran: the call was refused, as stderr says.\n" +
		"- 3: a question of the tool's own (any command may ask one), unanswered, " +
		"as JSON on stdout: `message`, `schema` (form fields; none: yes or no) or `url`, and `digest`. " +
		"Ask the user, then rerun with one `--answer` per question so far, " +
		"in order, before the command: `accept@<digest>`, `decline@<digest>` or `'{\"field\": \"value\"}@<digest>'`.\n")
	if line := answerLine(program, cmds, walks); line != "" {
		b.WriteString("\n```sh\n" + line + "\n```\n")
	}
	b.WriteString("\n" + programCalls(program))
	return b.String()
}

// exampleDigest is the digest the calling text's answered call shows.
const exampleDigest = "3f0c9e1a2b7d"

// answerLine is the call the calling text shows answered: --answer bound
// to exampleDigest, then a call of the first command that is not
// read-only, or else of the first command, with its required flags; ""
// when no command can be called with flags alone on one line (callable).
func answerLine(program string, cmds []Command, walks [][]position) string {
	for _, readOnly := range []bool{false, true} {
		for i, c := range cmds {
			if c.Annotations.ReadOnly != readOnly || !callable(walks[i], -1) {
				continue
			}
			line := plainLine(program, c.Name, walks[i])
			if line == "" {
				line = program + " " + c.Name
			}
			return program + " --answer accept@" + exampleDigest + strings.TrimPrefix(line, program)
		}
	}
	return ""
}

// forms records which forms of a call the commands of a usage need.
type forms struct {
	values bool // a flag takes a value
	bools  bool // a boolean flag
	// requiredBools reports a boolean flag a call must give, which the
	// synopsis shows with its value.
	requiredBools bool
	repeated      bool // an array flag, given once per element
	maps          bool // a map flag, given once per entry
	json          bool // a parameter no flag gives
	// jsonEx is the first command with such a parameter that a call can
	// give with flags on one line and that parameter alone in the JSON
	// (callable), the first read-only one when there is one, since its
	// sample value (an empty list) may clear what a tool that writes
	// keeps, and that parameter; nil when there is none.
	jsonEx *jsonExample
}

// jsonExample is the command a usage shows the JSON argument with.
type jsonExample struct {
	cmd  Command
	walk []position
	json string // the JSON argument
}

// survey finds the forms the commands cmds need, walks[i] being the flag
// walk of cmds[i].
func survey(cmds []Command, walks [][]position) forms {
	var f forms
	for i, walk := range walks {
		for j, pos := range walk {
			switch {
			case pos.jsonOnly():
				f.json = true
				if callable(walk, j) && (f.jsonEx == nil || cmds[i].Annotations.ReadOnly && !f.jsonEx.cmd.Annotations.ReadOnly) {
					f.jsonEx = &jsonExample{cmd: cmds[i], walk: walk, json: jsonSample(pos)}
				}
			case pos.flag == "":
			case pos.param.valueType() == "boolean" && !pos.param.Repeated() && !pos.param.Map():
				f.bools = true
				f.requiredBools = f.requiredBools || requiredBool(pos)
			default:
				f.values = true
				f.repeated = f.repeated || pos.param.Repeated()
				f.maps = f.maps || pos.param.Map()
			}
		}
	}
	return f
}

// feature is a form of flag that an example line can show.
type feature int

const (
	featString  feature = iota // a string value, shown in single quotes
	featString2                // a second string value, shown in double quotes
	featMap
	featField // a field of an object
	featCount
)

// features returns, for each feature the walk can show, the flags that show
// it. A repeated flag and a boolean one are not features: the synopsis and
// the rules of the calling text show them well enough.
func features(walk []position) [featCount][]int {
	var fs [featCount][]int
	strs := 0
	if !callable(walk, -1) {
		return fs
	}
	for i, pos := range walk {
		if pos.flag == "" || !oneLine(pos.flag) {
			continue
		}
		p := pos.param
		switch {
		case p.Map():
			fs[featMap] = append(fs[featMap], i)
		case p.Type == "string" && len(p.Enum) == 0:
			switch strs++; strs {
			case 1:
				fs[featString] = append(fs[featString], i)
			case 2:
				fs[featString2] = append(fs[featString2], i)
			}
		}
		if len(pos.path) > 1 {
			fs[featField] = append(fs[featField], i)
		}
	}
	return fs
}

// maxFlagLines is the most example lines the calling text shows for flags.
const maxFlagLines = 2

// flagLines returns the example command lines that show the flag forms the
// commands use: each line is a real call of one command with its required
// flags, and the commands are picked, the one showing most forms not yet
// shown first, until every form is shown.
func flagLines(program string, cmds []Command, walks [][]position) []string {
	feats := make([][featCount][]int, len(cmds))
	for i, walk := range walks {
		feats[i] = features(walk)
	}
	var shown [featCount]bool
	var lines []string
	strs := 0
	for len(lines) < maxFlagLines {
		best, bestCount := -1, 0
		for i := range cmds {
			n := 0
			for ft := range featCount {
				if !shown[ft] && len(feats[i][ft]) > 0 {
					n++
				}
			}
			if n > bestCount {
				best, bestCount = i, n
			}
		}
		if best < 0 {
			break
		}
		include := map[int]bool{}
		for i, pos := range walks[best] {
			if pos.flag != "" && pos.chainRequired {
				include[i] = true
			}
		}
		for ft := range featCount {
			if !shown[ft] && len(feats[best][ft]) > 0 {
				shown[ft] = true
				include[feats[best][ft][0]] = true
			}
		}
		words := []string{program, cmds[best].Name}
		for i, pos := range walks[best] {
			if include[i] {
				words = append(words, flagWords(pos, &strs)...)
			}
		}
		lines = append(lines, strings.Join(words, " "))
	}
	if len(lines) == 0 {
		// No form needs showing: one call of the first command with
		// flags, its required ones or else its first, shows their use.
		for i, walk := range walks {
			if line := plainLine(program, cmds[i].Name, walk); line != "" {
				return []string{line}
			}
		}
	}
	return lines
}

// plainLine is a call of the command name with its required flags, or its
// first flag when none is required; "" when it has no flag.
func plainLine(program, name string, walk []position) string {
	words := []string{program, name}
	first := -1
	strs := len(stringSamples)
	if !callable(walk, -1) {
		return ""
	}
	for i, pos := range walk {
		if pos.flag == "" {
			continue
		}
		if first < 0 && oneLine(pos.flag) {
			first = i
		}
		if pos.chainRequired {
			words = append(words, flagWords(pos, &strs)...)
		}
	}
	switch {
	case first < 0:
		return ""
	case len(words) == 2:
		words = append(words, flagWords(walk[first], &strs)...)
	}
	return strings.Join(words, " ")
}

// callable reports whether a call of the walk's command can be shown on
// one line, with its required flags alone or, when json is an index of the
// walk, with the JSON argument giving the parameter there: every other
// parameter the call must give has a flag, whose name can be written on a
// line, or is an object that one of them gives. A shown call that left out
// a required parameter would be refused.
func callable(walk []position, json int) bool {
	for i, pos := range walk {
		if !pos.chainRequired || i == json {
			continue
		}
		if pos.jsonOnly() || pos.flag != "" && !oneLine(pos.flag) {
			return false
		}
		if pos.nests && !slices.ContainsFunc(walk[i+1:], func(in position) bool {
			return in.chainRequired && in.flag != "" && len(in.path) > len(pos.path) && slices.Equal(in.path[:len(pos.path)], pos.path)
		}) {
			return false // no required flag gives the object
		}
	}
	return true
}

// oneLine reports whether a flag name can be shown on a command line: it
// holds no control character and no Unicode line or paragraph separator,
// which would break the line however it is quoted.
func oneLine(name string) bool {
	return !strings.ContainsFunc(name, func(r rune) bool {
		return unicode.IsControl(r) && r != '\t' || r == '\u2028' || r == '\u2029'
	})
}

// programCalls is the line of the calling text that says what one
// command's help and schema give.
func programCalls(program string) string {
	return "`" + program + " help <command>` gives a command's usage, `schema <command>` its JSON Schema.\n"
}
