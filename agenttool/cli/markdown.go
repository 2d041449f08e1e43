package cli

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Markdown returns the usage document of a program named program serving
// cmds: a section that teaches how to call any command (flags, the JSON
// argument, the exit statuses, answering questions), then a "## Commands"
// section with one "### `<name>`" subsection per command, in order, giving
// its description, its hints, its synopsis and its parameters. Headings
// start at level 2 so that the text can sit under a host document's title.
//
// The text is exactly calling + "\n## Commands\n" followed, for each
// command, by "\n" and its section, so a command's section can be cut out
// of the whole.
func Markdown(program string, cmds []Command) string {
	var b strings.Builder
	b.WriteString(calling(program))
	b.WriteString("\n## Commands\n")
	for _, c := range cmds {
		b.WriteString("\n")
		b.WriteString(section(program, c))
	}
	return b.String()
}

// programHelp is the text of help, -h and --help: the calling section and
// one line per command.
func programHelp(program string, cmds []Command) string {
	var b strings.Builder
	b.WriteString(calling(program))
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

// calling is the section that teaches a model how to call any command of
// the program.
func calling(p string) string {
	return "## Calling `" + p + "`\n" +
		"\n" +
		"Each call runs one command and exits. A command takes its arguments as flags, as one JSON " +
		"object, or as both; use flags wherever the command has them:\n" +
		"\n" +
		"```sh\n" +
		p + ` <command> --name "it's two words" --object.field value --map "key=O'Brien"` + "\n" +
		"```\n" +
		"\n" +
		"A field of an object is a flag named by its path, such as `--object.field`. A map takes one " +
		"`--map key=value` per entry. Put a value in double quotes when it holds a space, a single quote " +
		"or a line break, map entries included. Inside double quotes, escape these four characters: `\\\"`, " +
		"`\\$`, `` \\` `` and `\\\\`. Type a line break as a real line break inside the quotes, since a " +
		"backslash followed by `n` stays two characters there. A boolean flag alone means true; give it " +
		"`=false` for false.\n" +
		"\n" +
		"A value no flag can give, an array of objects for example, goes in one JSON argument after the " +
		"flags, which adds to them. Give each value once, as a flag or in the JSON, never both. Write the " +
		"JSON on one line in single quotes, with a newline inside a JSON string written as `\\n`:\n" +
		"\n" +
		"```sh\n" +
		p + ` <command> --name value '{"items": [{"name": "value"}]}'` + "\n" +
		"```\n" +
		"\n" +
		"Only when the JSON holds a single quote, which would end the quoting, pass it on stdin in a " +
		"quoted heredoc instead, at most 16 MiB of it:\n" +
		"\n" +
		"```sh\n" +
		p + " <command> - <<'EOF'\n" +
		`{"items": [{"name": "it's"}]}` + "\n" +
		"EOF\n" +
		"```\n" +
		"\n" +
		"The exit status tells what happened:\n" +
		"\n" +
		"- 0: The command succeeded and its output is on stdout. If stderr says the output could not be " +
		"written, the command still ran: do not run it again for that.\n" +
		"- 1: The tool failed or refused the arguments, and stderr says why. Correct the call and run it " +
		"again.\n" +
		"- 2: The command did not run, because the line was not understood or the program could not " +
		"start it; stderr says why.\n" +
		"- 3: The tool asked the user a question that nobody answered, and was told it was cancelled. " +
		"Stdout holds the question as JSON, with what the tool returned. Ask the user, then run the same " +
		"command again with the answer placed before the command name: `--answer accept`, " +
		"`--answer decline`, or `--answer '{...}'` holding the fields a form asks for. A command that asks " +
		"again needs every earlier answer again, in the same order.\n" +
		"\n" +
		"A file a command produces, such as an image, is written to disk and its path printed. `" + p +
		" help <command>` prints the usage of one command and `" + p + " schema <command>` its JSON " +
		"Schema.\n"
}

// section is one command's part of the usage: heading, description, hints,
// synopsis and parameter lines.
func section(p string, c Command) string {
	var b strings.Builder
	b.WriteString("### `" + c.Name + "`\n")
	if d := strings.TrimSpace(c.Description); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	if h := hints(c); h != "" {
		b.WriteString("\nHints from the tool: " + h + ".\n")
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
			token += " <key>=<" + param.Values + ">"
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

// paramLine is the bullet describing one walk position.
func paramLine(pos position) string {
	param := pos.param
	var b strings.Builder
	b.WriteString(strings.Repeat("  ", len(pos.path)-1))
	if pos.flag != "" {
		b.WriteString("- `--" + pos.flag + "` (")
	} else {
		b.WriteString("- `" + pos.dotted() + "` (")
	}
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
	if pos.flag != "" && (param.Repeated() || param.Map()) {
		b.WriteString(", repeatable")
	}
	if param.Required {
		b.WriteString(", required")
	}
	if pos.jsonOnly() {
		b.WriteString(", JSON only")
	}
	b.WriteString(")")
	if d := strings.Join(strings.Fields(param.Description), " "); d != "" {
		b.WriteString(": " + d)
	}
	if len(param.Enum) > 0 {
		b.WriteString(". One of ")
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
