package cli

import (
	"encoding/json"
	"slices"
	"strings"
)

// stringSamples are the values the example lines give string flags, in
// order: the first two show the two kinds of quotes.
var stringSamples = []string{"'a b'", `"it's done"`}

// flagWords returns the words giving one flag a sample value; strs counts
// the string values given so far.
func flagWords(pos position, strs *int) []string {
	// A flag's name may hold any character but "=" and a leading dash.
	name := ShellWord("--" + pos.flag)
	p := pos.param
	if v, ok := enumSample(p); ok {
		return []string{name, v}
	}
	switch {
	case p.Repeated() && p.Items == "boolean":
		// A boolean takes its value after "=" only, repeated or not.
		return []string{name, ShellWord("--" + pos.flag + "=false")}
	case p.Repeated():
		return []string{name, sampleWord(p.Items, "a", 0), name, sampleWord(p.Items, "b", 1)}
	case p.Map():
		return []string{name, "a=" + sampleWord(p.valueType(), "x", 0), name, "b=" + sampleWord(p.valueType(), "y", 1)}
	case requiredBool(pos):
		// The synopsis shows its value, and so does the example.
		return []string{ShellWord("--" + pos.flag + "=true")}
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

// enumSample is the first value of a scalar flag's enum that the flag
// takes as written, as a word: a string for a string flag, a number for a
// numeric one.
func enumSample(p *Param) (string, bool) {
	if p.Repeated() || p.Map() {
		return "", false
	}
	for _, v := range p.Enum {
		switch v := v.(type) {
		case string:
			if p.Type == "string" {
				return ShellWord(v), true
			}
		case json.Number:
			if p.Type != "integer" && p.Type != "number" {
				continue
			}
			if _, err := convert(p.Type, v.String()); err == nil {
				return v.String(), true
			}
		}
	}
	return "", false
}

// ShellWord quotes s for a POSIX shell as the calling text teaches: as it
// is when every character is plain ([IsPlain]) and it does not start with
// "=", in double quotes when it holds a single quote, in single quotes
// otherwise. A builtin shows a corrected command line with it.
func ShellWord(s string) string {
	if s != "" && !strings.HasPrefix(s, "=") && !strings.ContainsFunc(s, notPlain) {
		return s
	}
	if !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// plainPunct are the punctuation characters that may stand unquoted in a
// word: IsPlain admits them, and the calling text lists them.
const plainPunct = "-_./:=,@+%"

// IsPlain reports whether r may stand unquoted in a word of a command
// line, as the calling text teaches: an ASCII letter or digit, or one of
// -_./:=,@+%, which no common shell gives a meaning inside a word. A word
// that starts with "=" needs quotes all the same, since zsh expands it. It
// is the one definition of the rule: the calling text lists the characters
// from it, and ShellWord quotes by it.
func IsPlain(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return true
	}
	return strings.ContainsRune(plainPunct, r)
}

// notPlain is the negation of IsPlain.
func notPlain(r rune) bool { return !IsPlain(r) }

// jsonLine is the example line giving the JSON argument: the command with
// its required flags, then the argument in single quotes.
func jsonLine(program string, ex jsonExample) string {
	return requiredFlags(program, ex) + " " + ShellWord(ex.json)
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
	typ := pos.param.Type
	if i := slices.IndexFunc(pos.param.Types, func(t string) bool { return t != "null" }); typ == "" && i >= 0 {
		typ = pos.param.Types[i] // of ["string","integer"], a string
	}
	var v string
	switch typ {
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
