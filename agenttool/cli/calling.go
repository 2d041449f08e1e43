package cli

import "strings"

// Calling returns the part of the usage that teaches how to call the
// commands cmds of the program named program, headed "## Calling
// `<program>`". It is written for those commands: it shows, on command
// lines built from their own names and flags, only the forms they need
// (repeated flags, maps, object fields, boolean flags, the JSON argument
// and stdin), gives the quoting rule of the caller's shell, and says what
// each exit status means and when a call is worth running again, including
// how to answer a question the tool asked.
func Calling(program string, cmds []Command) string {
	f := survey(cmds)
	var b strings.Builder
	b.WriteString("## Calling `" + program + "`\n\n")
	lines := flagLines(program, cmds)
	var rules []string
	if f.values || f.bools {
		r := "Arguments are flags"
		if f.repeated || f.maps {
			r += " (`...`: once per value)"
		}
		rules = append(rules, r+".")
	}
	if f.values || f.json != nil {
		rules = append(rules, "Quote a value holding other than letters, digits and `-_./:=,@+%` "+
			"(`a|b`, `[A-Z]+`, `$HOME`, a space) or starting with `=`: in single quotes, or if it holds `'` "+
			"in double quotes escaping `\\\"` `\\$` `` \\` `` `\\\\`. Line breaks go inside the quotes as is.")
	}
	if f.bools {
		rules = append(rules, "A bare boolean flag is true; `=false` is false.")
	}
	if len(rules) > 0 {
		b.WriteString(strings.Join(rules, " ") + "\n\n")
	}
	if len(lines) > 0 {
		b.WriteString("```sh\n" + strings.Join(lines, "\n") + "\n```\n\n")
	}
	if f.json != nil {
		b.WriteString("A value no flag gives (listed without `--`) goes in one JSON object after any flags, " +
			"in single quotes, `\\n` for a line break in a string; `" + program + " schema <command>` " +
			"prints its JSON Schema. JSON holding `'` goes on stdin:\n\n" +
			"```sh\n" + jsonLine(program, *f.json) + "\n" + jsonStdin(program, *f.json) + "\n```\n\n")
	}
	b.WriteString("Exit status:\n\n" +
		"- 0: done; the output is on stdout.\n" +
		"- 1: refused or failed, stderr says why: retry only with changed arguments, " +
		"never if it says not allowed.\n" +
		"- 2: nothing ran; stderr says why.\n" +
		"- 3: a question went unanswered, on stdout as JSON: `message`; `schema` (a form's fields; " +
		"none: yes or no) or `url` (to open); `answers_given`; `output` or `error`. Ask the user, " +
		"then rerun with `--answer` before the command for each earlier answer and the new one, in order: " +
		"`accept`, `decline` or `'{\"field\": \"value\"}'`.\n")
	return b.String()
}

// forms records which forms of a call the commands of a usage need.
type forms struct {
	values   bool // a flag takes a value
	bools    bool // a boolean flag
	repeated bool // an array flag, given once per element
	maps     bool // a map flag, given once per entry
	// json is the first command with a parameter no flag gives, and that
	// parameter; nil when every parameter has a flag.
	json *jsonExample
}

// jsonExample is the command a usage shows the JSON argument with.
type jsonExample struct {
	cmd  Command
	walk []position
	json string // the JSON argument
}

func survey(cmds []Command) forms {
	var f forms
	for _, c := range cmds {
		walk := walkFlags(c.Params)
		for _, pos := range walk {
			switch {
			case pos.jsonOnly():
				if f.json == nil {
					f.json = &jsonExample{cmd: c, walk: walk, json: jsonSample(pos)}
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
	for i, pos := range walk {
		if pos.flag == "" {
			continue
		}
		p := pos.param
		switch {
		case p.Map():
			fs[featMap] = append(fs[featMap], i)
		case p.Type == "string" && len(p.Enum) == 0:
			if strs++; strs <= 2 {
				fs[featString+feature(strs-1)] = append(fs[featString+feature(strs-1)], i)
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
func flagLines(program string, cmds []Command) []string {
	walks := make([][]position, len(cmds))
	feats := make([][featCount][]int, len(cmds))
	for i, c := range cmds {
		walks[i] = walkFlags(c.Params)
		feats[i] = features(walks[i])
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
	for i, pos := range walk {
		if pos.flag == "" {
			continue
		}
		if first < 0 {
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

// stringSamples are the values the example lines give string flags, in
// order: the first two show the two kinds of quotes.
var stringSamples = []string{"'a b'", `"it's done"`}

// flagWords returns the words giving one flag a sample value; strs counts
// the string values given so far.
func flagWords(pos position, strs *int) []string {
	name := "--" + pos.flag
	p := pos.param
	switch {
	case p.Repeated():
		return []string{name, sampleWord(p.Items, "a", 0), name, sampleWord(p.Items, "b", 1)}
	case p.Map():
		return []string{name, "a=" + sampleWord(p.Values, "x", 0), name, "b=" + sampleWord(p.Values, "y", 1)}
	case p.Type == "boolean":
		return []string{name}
	case len(p.Enum) > 0:
		return []string{name, shellWord(encodeEnum(p.Enum[0]))}
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

// encodeEnum writes an enum value as one command-line value: a string as
// its text, anything else as JSON.
func encodeEnum(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return encodeValue(v)
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

// programCalls is the last paragraph of the program's help: where the usage
// of one command is.
func programCalls(program string) string {
	return "`" + program + " help <command>` prints the usage of one command and `" + program +
		" schema <command>` its JSON Schema.\n"
}
