package toolbundle

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenttool/agenttool/cli"
)

// checkBundle is the startup check: it refuses a bundle that could not
// export a correct skill or whose commands would be ambiguous. It is cheap
// and has no side effects, since it runs on every call: it validates the
// skill's frontmatter without building the body, and describes only the
// tools that have examples, each once.
func checkBundle(b Bundle) error {
	if b.Name == "" {
		return errors.New("the bundle has no name")
	}
	if len(b.Tools) == 0 {
		return errors.New("the bundle has no tools")
	}
	seen := make(map[string]bool, len(b.Tools))
	for i, t := range b.Tools {
		if t.tool == nil {
			return fmt.Errorf("tool %d is nil; build each tool of a bundle with toolbundle.Use", i)
		}
		name := t.tool.Name()
		if err := checkToolName(i, name); err != nil {
			return err
		}
		if seen[name] {
			return fmt.Errorf("two tools are named %q", name)
		}
		seen[name] = true
	}

	s, err := buildSkill(b, false)
	if err != nil {
		return err
	}
	if msgs := errorMessages(s.Validate()); msgs != "" {
		return fmt.Errorf("the bundle cannot export a valid skill: %s", msgs)
	}

	for _, t := range b.Tools {
		if len(t.examples) == 0 {
			continue
		}
		c := cli.Describe(t.tool)
		for _, ex := range t.examples {
			if err := checkCaption(ex.caption); err != nil {
				return fmt.Errorf("the caption %q of example %q of %s: %w", ex.caption, ex.args, c.Name, err)
			}
			if err := checkExample(c, ex.args); err != nil {
				return fmt.Errorf("example %q of %s: %w", ex.args, c.Name, err)
			}
		}
	}
	return nil
}

// checkToolName refuses a name that the program could not use as a command
// word, i at the tool's position in the bundle.
func checkToolName(i int, name string) error {
	switch name {
	case "":
		return fmt.Errorf("tool %d has no name", i)
	case cmdExportSkill, cmdVersion, cmdHelp, cmdSchema:
		return fmt.Errorf("a tool is named %q, which is a command of the program's own", name)
	}
	switch name[0] {
	case '-':
		return fmt.Errorf("a tool is named %q, which a command line reads as an option", name)
	case '=':
		return fmt.Errorf("a tool is named %q, which zsh would expand at the start of a command line", name)
	}
	if strings.ContainsFunc(name, func(r rune) bool { return !isPlain(r) }) {
		return fmt.Errorf("a tool is named %q, which would need quoting in the skill's command lines", name)
	}
	return nil
}

// checkCaption refuses a caption that would not stay the one line of prose
// introducing its example in the skill: one holding a line break or another
// control character but the tab, or one starting a code fence, which would
// swallow the rest of the skill's body.
func checkCaption(c string) error {
	if err := checkOneLine(c, "a caption"); err != nil {
		return err
	}
	if t := strings.TrimSpace(c); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		return errors.New("a caption must not start with a code fence")
	}
	return nil
}

// noStdin is the standard input an example is parsed with. An example that
// reads its JSON argument from stdin ("-") could not be copied into a skill
// as one line, so reading fails.
type noStdin struct{}

func (noStdin) Read([]byte) (int, error) {
	return 0, errors.New("an example gives its JSON argument inline, not on stdin")
}

// checkExample parses one example against the command c exactly as the
// program would parse that command line, without running anything. The
// caller describes each tool once and shares the description between its
// examples. The error is the reason the example is refused.
func checkExample(c cli.Command, args string) error {
	words, err := splitWords(args)
	if err != nil {
		return err
	}
	if len(words) == 0 || words[0] != c.Name {
		return fmt.Errorf("it must start with the command, %s", c.Name)
	}
	// The skill prints the example as written, and a permission rule
	// Bash(<Name> <command> *) matches the command word only as a plain
	// word: a quoted one would teach a line the rule does not cover.
	if rest, ok := strings.CutPrefix(strings.TrimSpace(args), c.Name); !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return fmt.Errorf("it must start with the command, %s, unquoted", c.Name)
	}
	// Required properties are left alone: the parser does not check them
	// either; the tool does, when it runs.
	if _, err := c.Args(words[1:], noStdin{}); err != nil {
		if errors.Is(err, cli.ErrHelp) {
			return errors.New("it asks for the command's help; it is not a call of the command")
		}
		return err
	}
	return nil
}
