package cli

import (
	"bytes"
	"encoding/json"
	"slices"
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

// programHelp is the text of help, -h and --help: the calling section
// and one line per command.
func programHelp(program string, cmds []Command) string {
	var b strings.Builder
	b.WriteString(Calling(program, cmds))
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
// "### " followed by the Heading of its Usage, then the Usage's Text.
func Section(program string, c Command) string { return section(program, c) }

// section is Section; the runner prints it for help of one command.
func section(p string, c Command) string {
	u := c.Usage(p)
	return "### " + u.Heading + "\n" + u.Text
}

// Usage is one command's usage in the parts a document arranges: Section
// puts the Heading under "### ", and a reference of its own might put it
// under "# ".
type Usage struct {
	// Heading is the text of the command's heading: its name as code and
	// the tool's hints in parentheses, "`write_file` (may be destructive)".
	Heading string
	// Text follows the heading: the description, the synopsis in a sh
	// block, and one line per parameter. A flag's line gives its
	// description, since the synopsis shows its type, whether it is
	// required and whether it repeats; the line of a parameter without a
	// flag says what it holds and whether only the JSON gives it, followed
	// by a line for each member of the objects in it ("entities[].name").
	// Each line ends with the values an enum allows, those an enum of
	// array items allows and the default; a description keeps its lines,
	// indented under its item. Text starts and ends with a line break.
	Text string
	// Synopsis is the command line shown in Text, the program's name first.
	Synopsis string
	// Short is the synopsis after the program's name without the optional
	// words, which one "[...]" stands for: "read_file --path <string> [...]".
	Short string
}

// Usage returns the usage of c as program calls it.
func (c Command) Usage(program string) Usage {
	u := Usage{Heading: "`" + c.Name + "`"}
	if h := hints(c); h != "" {
		u.Heading += " (" + h + ")"
	}
	walk := walkFlags(c.Params)
	u.Synopsis = synopsis(program, c.Name, walk)
	u.Short = shortSynopsis(c.Name, walk)
	var b strings.Builder
	if d := strings.TrimSpace(c.Description); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	b.WriteString("\n```sh\n" + u.Synopsis + "\n```\n")
	if len(walk) > 0 {
		b.WriteString("\n")
		for _, pos := range walk {
			b.WriteString(paramLine(pos))
		}
	}
	u.Text = b.String()
	return u
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

// paramLine is the bullet describing one walk position, followed by those
// of the members of its value that no position describes. A flag's type,
// whether it is required and whether it repeats are in the synopsis, so its
// line gives only the description, and what a free-form object's flag
// gives; any other parameter's line says what it holds.
func paramLine(pos position) string {
	param := pos.param
	depth := len(pos.path) - 1
	var b strings.Builder
	b.WriteString(strings.Repeat("  ", depth))
	switch {
	case pos.flag != "" && param.Map() && param.Values == "":
		b.WriteString("- `" + ShellWord("--"+pos.flag) + "` (any keys; the flag gives strings)")
	case pos.flag != "":
		b.WriteString("- `" + ShellWord("--"+pos.flag) + "`")
	default:
		b.WriteString("- `" + pos.dotted() + "` (" + typeText(param))
		if param.Required {
			b.WriteString(", required")
		}
		if pos.jsonOnly() {
			b.WriteString(", JSON only")
		}
		b.WriteString(")")
	}
	b.WriteString(details(param, depth, pos.flag != ""))
	if !pos.nests {
		members(&b, pos.dotted(), param, depth+1)
	}
	return b.String()
}

// members writes a line for each member that a value of p holds inside
// arrays, or inside an object whose fields have no walk position, at any
// depth: "entities[].name", then what it holds.
func members(b *strings.Builder, path string, p *Param, depth int) {
	if p.Item != nil {
		members(b, path+"[]", p.Item, depth)
		return
	}
	if p.Type != "object" {
		return
	}
	for i := range p.Fields {
		f := &p.Fields[i]
		b.WriteString(strings.Repeat("  ", depth) + "- `" + path + "." + f.Name + "` (" + typeText(f))
		if f.Required {
			b.WriteString(", required")
		}
		b.WriteString(")" + details(f, depth, false))
		members(b, path+"."+f.Name, f, depth+1)
	}
}

// typeText says what a parameter without a flag holds: "string", "array
// of object", "map of integer", "string or number", "any JSON value".
func typeText(p *Param) string {
	switch {
	case p.Type == "" && p.Types != nil:
		last := len(p.Types) - 1
		return strings.Join(p.Types[:last], ", ") + " or " + p.Types[last]
	case p.Type == "":
		return "any JSON value"
	case p.Type == "array" && p.Items != "":
		return "array of " + p.Items
	case p.Type == "object" && p.Values != "":
		return "map of " + p.Values
	}
	return p.Type
}

// details is the rest of a parameter's line at the given depth, its line
// break included: ": ", the description, then the values its enum allows,
// those its items' enum allows and its default, each a sentence of its
// own. A description of several lines keeps them, indented to stay in the
// list item, and the sentences then follow on a line of their own. A flag,
// which cannot give null, lists its enum's other values, and says null is
// given in the JSON.
func details(p *Param, depth int, flag bool) string {
	var facts []string
	if len(p.Enum) > 0 {
		facts = append(facts, "One of "+enumText(p.Enum, flag))
	}
	if p.Item != nil && len(p.Item.Enum) > 0 {
		facts = append(facts, "Each one of "+enumText(p.Item.Enum, flag))
	}
	if p.Default != nil {
		facts = append(facts, "Default `"+encodeValue(p.Default)+"`")
	}
	fact := strings.Join(facts, ". ")
	lines := prose(p.Description)
	indent := "\n" + strings.Repeat("  ", depth+1)
	switch {
	case len(lines) == 0 && fact == "":
		return "\n"
	case len(lines) == 0:
		return ": " + strings.ToLower(fact[:1]) + fact[1:] + "\n"
	case fact == "":
		return ": " + strings.Join(lines, indent) + "\n"
	case len(lines) == 1:
		return ": " + endSentence(lines[0]) + " " + fact + "\n"
	}
	return ": " + strings.Join(lines, indent) + indent + fact + "\n"
}

// enumText is valueList of an enum's values; for a flag, null is left out
// and said to be given in the JSON, since a flag's value is never null.
func enumText(values []any, flag bool) string {
	if !flag || !slices.Contains(values, nil) {
		return valueList(values)
	}
	others := slices.DeleteFunc(slices.Clone(values), func(v any) bool { return v == nil })
	if len(others) == 0 {
		return "`null`, in the JSON"
	}
	return valueList(others) + " (null: in the JSON)"
}

// valueList writes values as JSON, each in backquotes: `"a"`, `"b"`.
func valueList(values []any) string {
	var b strings.Builder
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("`" + encodeValue(v) + "`")
	}
	return b.String()
}

// endSentence ends a text with a period unless it already ends a
// sentence or introduces what follows: the one rule by which a sentence of
// the usage follows a description.
func endSentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, ":") {
		return s
	}
	return s + "."
}

// prose splits a description into the lines the usage shows: its own
// lines, each with its runs of white space made one space, blank ones
// dropped. A later line that Markdown would read as a heading, a rule, a
// setext underline or a code fence is escaped with a backslash, so that
// the line stays text of the list item; a list item stays one.
func prose(d string) []string {
	var lines []string
	for _, line := range strings.Split(d, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		switch {
		case line == "":
			continue
		case len(lines) > 0 && markdownBlock(line):
			line = "\\" + line
		}
		lines = append(lines, line)
	}
	return lines
}

// markdownBlock reports whether a line, standing in a list item, would
// start a heading, a code fence or a thematic break, or underline the
// line before it as a heading.
func markdownBlock(line string) bool {
	switch {
	case strings.HasPrefix(line, "#"), strings.HasPrefix(line, "```"), strings.HasPrefix(line, "~~~"):
		return true
	}
	return strings.Trim(line, "-=*_ ") == ""
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
