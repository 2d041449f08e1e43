package cli

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Markdown returns the usage document of a program named program serving
// cmds: the calling section written for those commands (see Calling), then
// a "## Commands" section with one "### `<name>`" subsection per command,
// in order, giving its hints, its description, its synopsis and its
// parameters. Headings start at level 2 so that the text can sit under a
// host document's title.
//
// The text is exactly Calling(program, cmds) + "\n## Commands\n" followed,
// for each command c, by "\n" and Section(program, c), so that a host
// document can put text of its own between the parts.
func Markdown(program string, cmds []Command) string {
	var b strings.Builder
	b.WriteString(Calling(program, cmds))
	b.WriteString("\n## Commands\n")
	for _, c := range cmds {
		b.WriteString("\n")
		b.WriteString(Section(program, c))
	}
	return b.String()
}

// programHelp is the text of help, -h and --help: the calling section,
// where one command's usage and schema are, and one line per command.
func programHelp(program string, cmds []Command) string {
	var b strings.Builder
	b.WriteString(Calling(program, cmds))
	b.WriteString("\n" + programCalls(program))
	b.WriteString("\n## Commands\n")
	if len(cmds) > 0 {
		b.WriteString("\n")
	}
	for _, c := range cmds {
		first, _, _ := strings.Cut(strings.TrimSpace(c.Description), "\n")
		if first = strings.TrimSpace(first); first != "" {
			b.WriteString("- `" + c.Name + "`: " + first + "\n")
		} else {
			b.WriteString("- `" + c.Name + "`\n")
		}
	}
	return b.String()
}

// Section returns one command's part of the usage, as Markdown writes it:
// the "### `<name>`" heading followed by the tool's hints in parentheses,
// the description, the synopsis in a sh block, and one line per parameter.
// A flag's line gives its description, since the synopsis shows its type,
// whether it is required and whether it repeats; the line of a parameter
// without a flag says what it holds and whether only the JSON gives it.
func Section(program string, c Command) string { return section(program, c) }

// section is Section; the runner prints it for help of one command.
func section(p string, c Command) string {
	var b strings.Builder
	b.WriteString("### `" + c.Name + "`")
	if h := hints(c); h != "" {
		b.WriteString(" (" + h + ")")
	}
	b.WriteString("\n")
	if d := strings.TrimSpace(c.Description); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	walk := walkFlags(c.Params)
	b.WriteString("\n```sh\n" + synopsis(p, c.Name, walk) + "\n```\n")
	if len(walk) > 0 {
		b.WriteString("\n")
		for _, pos := range walk {
			b.WriteString(paramLine(pos))
		}
	}
	return b.String()
}

// hints lists what the tool's annotations state, in words.
func hints(c Command) string {
	a := c.Annotations
	var hs []string
	if a.ReadOnly {
		hs = append(hs, "read-only")
	} else if a.Destructive {
		hs = append(hs, "may be destructive")
	}
	if a.Idempotent && !a.ReadOnly {
		hs = append(hs, "idempotent")
	}
	if a.OpenWorld {
		hs = append(hs, "reaches outside systems")
	}
	return strings.Join(hs, "; ")
}

// synopsis is the command line of a command: its flags in walk order,
// optional ones in brackets, then the JSON argument when some parameter
// needs it.
func synopsis(p, name string, walk []position) string {
	tokens := []string{p, name}
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
		token := "--" + pos.flag
		switch {
		case param.Map():
			token += " <key>=<" + param.valueType() + ">"
		case param.valueType() == "boolean":
		default:
			token += " <" + param.valueType() + ">"
		}
		if param.Repeated() || param.Map() {
			token += " ..."
		}
		if !pos.chainRequired {
			token = "[" + token + "]"
		}
		tokens = append(tokens, token)
	}
	if jsonToken != "" {
		tokens = append(tokens, jsonToken)
	}
	return strings.Join(tokens, " ")
}

// paramLine is the bullet describing one walk position. A flag's type,
// whether it is required and whether it repeats are in the synopsis, so its
// line gives only the description; any other parameter's line says what it
// holds.
func paramLine(pos position) string {
	param := pos.param
	var b strings.Builder
	b.WriteString(strings.Repeat("  ", len(pos.path)-1))
	if pos.flag != "" {
		b.WriteString("- `--" + pos.flag + "`")
	} else {
		b.WriteString("- `" + pos.dotted() + "` (")
		switch {
		case param.Type == "":
			b.WriteString("any JSON value")
		case param.Type == "array" && param.Items != "":
			b.WriteString("array of " + param.Items)
		case param.Type == "object" && param.Values != "":
			b.WriteString("map of " + param.Values)
		default:
			b.WriteString(param.Type)
		}
		if param.Required {
			b.WriteString(", required")
		}
		if pos.jsonOnly() {
			b.WriteString(", JSON only")
		}
		b.WriteString(")")
	}
	d := strings.Join(strings.Fields(param.Description), " ")
	if d != "" {
		b.WriteString(": " + d)
	}
	if len(param.Enum) > 0 {
		if d != "" {
			b.WriteString(". One of ")
		} else {
			b.WriteString(": one of ")
		}
		for i, v := range param.Enum {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("`" + encodeValue(v) + "`")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// encodeValue writes an enum value as JSON, numbers with their digits as
// the schema wrote them.
func encodeValue(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}
