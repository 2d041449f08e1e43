package cli

import "strings"

// synopsis is the command line of a command: its flags in walk order,
// optional ones in brackets, then the JSON argument when some parameter
// needs it (see synopsisWords).
func synopsis(p, name string, walk []position) string {
	tokens := []string{p, name}
	for _, w := range synopsisWords(walk) {
		if w.optional && w.text[0] != '[' {
			w.text = "[" + w.text + "]"
		}
		tokens = append(tokens, w.text)
	}
	return strings.Join(tokens, " ")
}

// shortSynopsis is the synopsis after the program's name without its
// optional words, which one "[...]" stands for when there are some.
func shortSynopsis(name string, walk []position) string {
	tokens := []string{name}
	optional := false
	for _, w := range synopsisWords(walk) {
		if w.optional {
			optional = true
		} else {
			tokens = append(tokens, w.text)
		}
	}
	if optional {
		tokens = append(tokens, "[...]")
	}
	return strings.Join(tokens, " ")
}

// A synopsisWord is one word of a synopsis after the command's name, and
// whether a call may leave it out.
type synopsisWord struct {
	text     string
	optional bool
}

// synopsisWords returns the words of a command's synopsis after its name:
// its flags in walk order, then the JSON argument when some parameter
// needs it, "(<json> | -)" when a required one does and "[<json> | -]"
// otherwise. A required boolean shows its value, --name=<bool>, since
// the flag alone would read as the one value it can take. A flag is
// written as a shell needs it typed, quoted by ShellWord when its name
// holds a character that is not plain: ['--with space' <int>].
func synopsisWords(walk []position) []synopsisWord {
	var words []synopsisWord
	jsonToken := ""
	for _, pos := range walk {
		if pos.jsonOnly() {
			if pos.chainRequired {
				jsonToken = "(<json> | -)"
			} else if jsonToken == "" {
				jsonToken = "[<json> | -]"
			}
			continue
		}
		if pos.flag == "" {
			continue
		}
		param := pos.param
		token := ShellWord("--" + pos.flag)
		switch {
		case param.Map():
			token += " <key>=<" + placeholder(param.valueType()) + ">"
		case requiredBool(pos):
			token += "=<bool>"
		case param.valueType() == "boolean":
		default:
			token += " <" + placeholder(param.valueType()) + ">"
		}
		if param.Repeated() || param.Map() {
			token += " ..."
		}
		words = append(words, synopsisWord{text: token, optional: !pos.chainRequired})
	}
	if jsonToken != "" {
		words = append(words, synopsisWord{text: jsonToken, optional: jsonToken[0] == '['})
	}
	return words
}

// placeholder is how a synopsis writes a value of the JSON type t: as
// Go's flag package names the types, int and bool, or else as the type.
func placeholder(t string) string {
	switch t {
	case "integer":
		return "int"
	case "boolean":
		return "bool"
	}
	return t
}

// requiredBool reports whether the walk position is a boolean flag, given
// once, that a call cannot do without.
func requiredBool(pos position) bool {
	return pos.flag != "" && pos.chainRequired && pos.param.Type == "boolean"
}
