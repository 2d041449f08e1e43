package cli

import (
	"encoding/json"
	"strings"
	"unicode"
)

// Calling returns the part of the usage that teaches how to call the
// commands cmds of the program named program, headed "## Calling
// `<program>`". It is written for those commands: it explains only the
// forms they need (flags, with the rule for a repeated one and a boolean
// one; the JSON argument and stdin only when a parameter has no flag),
// shows them on command lines built from the commands' own names and flags,
// and gives the quoting rule of a POSIX shell: a value with any character
// but ASCII letters, digits and -_./:=,@+%, or starting with "=", in single
// quotes, or in double quotes with \", \$, \` and \\ escaped when it holds a
// single quote. Last come the exit statuses: when a failed call is worth
// running again, and the question a status-3 call prints and how to answer
// it. The text ends with a newline.
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
		rules = append(rules, "Single-quote a value holding anything but ASCII letters, digits and `-_./:=,@+%` "+
			"(`a|b`, `$HOME`, a space) or starting with `=`; double-quote it if it holds `'`, "+
			"escaping `\\\"` `\\$` `` \\` `` `\\\\`. Line breaks go inside the quotes as is.")
	}
	if f.bools {
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
		"- 1: refused or failed; stderr says why. Retry only with other arguments, and not when " +
		"the error is final (a path outside the working tree).\n" +
		"- 2: nothing ran; stderr says why.\n" +
		"- 3: unanswered question, as JSON on stdout: `message`; `schema` (form fields; none: yes or no) " +
		"or `url` (to open); `answers_given`; `output` or `error`. Ask the user, " +
		"then rerun with one `--answer` per answer so far, in order, before the command: " +
		"`accept`, `decline` or `'{\"field\": \"value\"}'`.\n")
	return b.String()
}

// forms records which forms of a call the commands of a usage need.
type forms struct {
	values   bool // a flag takes a value
	bools    bool // a boolean flag
	repeated bool // an array flag, given once per element
	maps     bool // a map flag, given once per entry
	json     bool // a parameter no flag gives
	// jsonEx is the first command with such a parameter whose required
	// flags can be written on one line, and that parameter; nil when there
	// is none.
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
		for _, pos := range walk {
			switch {
			case pos.jsonOnly():
				f.json = true
				if f.jsonEx == nil && required(walk) {
					f.jsonEx = &jsonExample{cmd: cmds[i], walk: walk, json: jsonSample(pos)}
				}
			case pos.flag == "":
			case pos.param.valueType() == "boolean" && !pos.param.Repeated() && !pos.param.Map():
				f.bools = true
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
	if !required(walk) {
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
	if !required(walk) {
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

// required reports whether every required flag of the walk can be written
// on one line, so that a call of its command can be shown.
func required(walk []position) bool {
	for _, pos := range walk {
		if pos.flag != "" && pos.chainRequired && !oneLine(pos.flag) {
			return false
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

// stringSamples are the values the example lines give string flags, in
// order: the first two show the two kinds of quotes.
var stringSamples = []string{"'a b'", `"it's done"`}

// flagWords returns the words giving one flag a sample value; strs counts
// the string values given so far.
func flagWords(pos position, strs *int) []string {
	// A flag's name may hold any character but "=" and a leading dash.
	name := shellWord("--" + pos.flag)
	p := pos.param
	if v, ok := enumSample(p); ok {
		return []string{name, v}
	}
	switch {
	case p.Repeated() && p.Items == "boolean":
		// A boolean takes its value after "=" only, repeated or not.
		return []string{name, shellWord("--" + pos.flag + "=false")}
	case p.Repeated():
		return []string{name, sampleWord(p.Items, "a", 0), name, sampleWord(p.Items, "b", 1)}
	case p.Map():
		return []string{name, "a=" + sampleWord(p.Values, "x", 0), name, "b=" + sampleWord(p.Values, "y", 1)}
	case p.Type == "boolean":
		return []string{name}
	case p.Type == "string":
		word := "x"
		if *strs < len(stringSamples) {
			word = stringSamples[*strs]
		}
		*strs++
		return []string{name, word}
	}
	return []string{name, sampleWord(p.Type, "x", 0)}
}

// sampleWord is the i-th plain value (0 or 1) of a scalar type; text is the
// one a string gets.
func sampleWord(typ, text string, i int) string {
	switch typ {
	case "integer":
		return []string{"1", "2"}[i]
	case "number":
		return []string{"1.5", "2.5"}[i]
	case "boolean":
		return []string{"true", "false"}[i]
	}
	return text
}

// enumSample is the first value of a scalar flag's enum as a word, when
// the flag takes it as written: a string for a string flag, a number for a
// numeric one.
func enumSample(p *Param) (string, bool) {
	if len(p.Enum) == 0 || p.Repeated() || p.Map() {
		return "", false
	}
	switch v := p.Enum[0].(type) {
	case string:
		return shellWord(v), p.Type == "string"
	case json.Number:
		if p.Type != "integer" && p.Type != "number" {
			return "", false
		}
		_, err := convert(p.Type, v.String())
		return v.String(), err == nil
	}
	return "", false
}

// shellWord quotes s for a POSIX shell as the calling text teaches: as it
// is when every character is plain and it does not start with "=", in
// double quotes when it holds a single quote, in single quotes otherwise.
func shellWord(s string) string {
	if s != "" && !strings.HasPrefix(s, "=") && strings.Trim(s, plainChars) == "" {
		return s
	}
	if !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// plainChars are the characters a value may hold unquoted.
const plainChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,@+%"

// jsonLine is the example line giving the JSON argument: the command with
// its required flags, then the argument in single quotes.
func jsonLine(program string, ex jsonExample) string {
	return requiredFlags(program, ex) + " " + shellWord(ex.json)
}

// jsonStdin is the example giving the same JSON argument on stdin, in a
// quoted heredoc.
func jsonStdin(program string, ex jsonExample) string {
	return requiredFlags(program, ex) + " - <<'EOF'\n" + ex.json + "\nEOF"
}

// requiredFlags is the start of a call of the JSON example's command: the
// program, the command and its required flags, with plain values since the
// quotes are shown elsewhere.
func requiredFlags(program string, ex jsonExample) string {
	words := []string{program, ex.cmd.Name}
	strs := len(stringSamples)
	for _, pos := range ex.walk {
		if pos.flag != "" && pos.chainRequired {
			words = append(words, flagWords(pos, &strs)...)
		}
	}
	return strings.Join(words, " ")
}

// jsonSample is a JSON object setting the parameter at pos to a sample
// value of its type.
func jsonSample(pos position) string {
	var v string
	switch pos.param.Type {
	case "array":
		v = "[]"
	case "object":
		v = "{}"
	case "string":
		v = `"x"`
	case "integer", "number":
		v = "1"
	case "boolean":
		v = "true"
	default:
		v = "null"
	}
	for i := len(pos.path) - 1; i >= 0; i-- {
		v = "{" + string(quote(pos.path[i])) + ": " + v + "}"
	}
	return v
}

// programCalls is the paragraph of the program's help that says where one
// command's usage and schema are.
func programCalls(program string) string {
	return "`" + program + " help <command>` prints the usage of one command and `" + program +
		" schema <command>` its JSON Schema.\n"
}
