package toolbundle

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/shellwords"
)

// checkBundle is the startup check: it refuses a bundle that could not
// export a correct skill or whose commands would be ambiguous, own being
// the program's own commands besides help and schema. It is cheap and has
// no side effects, since it runs on every call: it validates the skill's
// frontmatter without building the body, and describes only the tools that
// have examples, each once.
func checkBundle(b Bundle, own []cli.Builtin) error {
	if b.Name == "" {
		return errors.New("the bundle has no name")
	}
	if len(b.Tools) == 0 {
		return errors.New("the bundle has no tools")
	}
	set := make(agenttool.Set, len(b.Tools))
	for i, t := range b.Tools {
		set[i] = t.tool
	}
	if err := cli.CheckNames(set, own); err != nil {
		return err
	}
	for _, t := range set {
		if err := checkSkillName(t.Name()); err != nil {
			return fmt.Errorf("tool %q: %w", t.Name(), err)
		}
	}

	s, _, err := buildSkill(b, false)
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
				return fmt.Errorf("tool %q: the caption %q of example %q: %w", c.Name, ex.caption, ex.args, err)
			}
			if err := checkExample(c, ex.args); err != nil {
				return fmt.Errorf("tool %q: example %q: %w", c.Name, ex.args, err)
			}
		}
	}
	return nil
}

// checkSkillName refuses a tool name, which cli.CheckNames has accepted,
// that the skill's command lines could not hold as a plain word: one that
// needs quoting, or that zsh would expand at the start of a word.
func checkSkillName(name string) error {
	if name[0] == '=' {
		return errors.New("begins with \"=\", which zsh expands at the start of a command line")
	}
	if strings.ContainsFunc(name, func(r rune) bool { return !cli.IsPlain(r) }) {
		return errors.New("would need quoting in the skill's command lines")
	}
	return nil
}

// checkCaption refuses a caption that would not stay the one line of prose
// introducing its example in the skill: one holding a line break or another
// control character but the tab, or one starting a code fence, which would
// swallow the rest of the skill's body.
func checkCaption(c string) error {
	if err := shellwords.CheckLine(c, "a caption"); err != nil {
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
	words, err := shellwords.Split(args)
	if err != nil {
		return err
	}
	if len(words) == 0 || words[0] != c.Name {
		return fmt.Errorf("it must start with the command, %q", c.Name)
	}
	// The skill prints the example as written, and a permission rule
	// Bash(<Name> <command> *) matches the command word only as a plain
	// word: a quoted one would teach a line the rule does not cover.
	if rest, ok := strings.CutPrefix(strings.TrimSpace(args), c.Name); !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return fmt.Errorf("it must start with the command, %q, unquoted", c.Name)
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
