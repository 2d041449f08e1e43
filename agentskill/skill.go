package agentskill

import (
	"errors"
	"fmt"
	"strconv"
)

// Skill is one skill: the frontmatter of its SKILL.md, its Markdown body
// and the name of the directory that holds it.
//
// A Skill returned by [Parse] or [Load] also remembers which of the six
// specification keys appeared in the frontmatter and which values had the
// wrong shape (a list where a string belongs, for instance); [Skill.Validate]
// reports those. The record stays as Parse left it when fields are changed
// afterwards. A Skill built as a Go literal has no such record: there a
// field counts as present when it is non-empty.
type Skill struct {
	// DirName is the base name of the directory that holds the skill. When
	// it is non-empty, Validate requires it to equal Name; "" skips that
	// check. Parse never sets it; Load and LoadDir do.
	DirName string

	// Name is the frontmatter key name, with surrounding white space
	// removed by Parse.
	Name string

	// Description is the frontmatter key description, with surrounding
	// white space removed by Parse.
	Description string

	// License is the frontmatter key license, exactly as written.
	License string

	// Compatibility is the frontmatter key compatibility, exactly as
	// written.
	Compatibility string

	// Metadata holds the frontmatter key metadata, a mapping of strings to
	// strings. Parse leaves it nil when the key is absent, empty or not a
	// mapping.
	Metadata map[string]string

	// AllowedTools is the frontmatter key allowed-tools: one string of
	// tool rules separated by white space. [Skill.Rules] splits it.
	AllowedTools string

	// Extra holds every other frontmatter key with its decoded value: nil,
	// bool, int64, float64, string, []any or map[string]any. Parse leaves
	// it nil when there is no such key. Validate reports any key found
	// here as an error, since the specification allows only six keys.
	Extra map[string]any

	// Body is every byte after the closing fence, unchanged.
	Body string

	// keys records which of the six specification keys appeared in the
	// frontmatter; nil for a Skill that did not come from Parse.
	keys map[string]bool
	// shape holds the value-shape problems Parse found, in document order.
	shape []Problem
}

// present reports whether the specification key k counts as given: it
// appeared in the parsed frontmatter or, for a Go literal, its field
// value is non-empty.
func (s *Skill) present(k, value string) bool {
	if s.keys != nil {
		return s.keys[k]
	}
	return value != ""
}

// hasShapeProblem reports whether Parse recorded a shape problem for the
// frontmatter key k.
func (s *Skill) hasShapeProblem(k string) bool {
	for _, p := range s.shape {
		if p.Field == k {
			return true
		}
	}
	return false
}

// The six frontmatter keys of the Agent Skills specification.
const (
	keyName          = "name"
	keyDescription   = "description"
	keyLicense       = "license"
	keyCompatibility = "compatibility"
	keyMetadata      = "metadata"
	keyAllowedTools  = "allowed-tools"
)

// isSpecKey reports whether k is one of the six specification keys.
func isSpecKey(k string) bool {
	switch k {
	case keyName, keyDescription, keyLicense, keyCompatibility, keyMetadata, keyAllowedTools:
		return true
	}
	return false
}

// Severity says how serious a [Problem] is.
type Severity int

const (
	// Error marks a skill that breaks the Agent Skills specification.
	Error Severity = iota
	// Warning marks something allowed but ill-advised, or refused by
	// some hosts only.
	Warning
)

// String returns "error" or "warning", and "severity(n)" for any other
// value.
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "severity(" + strconv.Itoa(int(s)) + ")"
}

// Problem is one finding of [Skill.Validate] or [Skill.Portability].
type Problem struct {
	// Severity says whether the problem makes the skill invalid.
	Severity Severity
	// Field is the frontmatter key concerned, "body" for the Markdown
	// body, or "" when the problem concerns the skill as a whole.
	Field string
	// Message describes the problem in one sentence.
	Message string
}

// String returns the problem as "<severity>: <message>", for example
// "error: Missing required field in frontmatter: name".
func (p Problem) String() string {
	return p.Severity.String() + ": " + p.Message
}

// HasErrors reports whether any of problems has the severity [Error].
// Warnings alone, or no problems at all, give false.
func HasErrors(problems []Problem) bool {
	for _, p := range problems {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// ToolRule is one entry of allowed-tools: a tool name and, optionally, the
// specifier written between parentheses after it, as in Bash(git add *).
type ToolRule struct {
	// Tool is the tool's name, the text before any "(".
	Tool string
	// Spec is the text between the parentheses, nested parentheses and
	// spaces included; "" when the rule names the tool alone.
	Spec string
}

// String returns the rule as written in allowed-tools: Tool alone when
// Spec is empty, else Tool(Spec). For a rule that [Skill.Rules] returned,
// parsing the result again gives the rule back; String does not check a
// rule built by hand, whose Tool might hold white space or a parenthesis.
func (r ToolRule) String() string {
	if r.Spec == "" {
		return r.Tool
	}
	return r.Tool + "(" + r.Spec + ")"
}

// Limits of the Agent Skills specification, counted in runes.
const (
	// MaxNameLength is the longest name allowed.
	MaxNameLength = 64
	// MaxDescriptionLength is the longest description allowed.
	MaxDescriptionLength = 1024
	// MaxCompatibilityLength is the longest compatibility text allowed.
	MaxCompatibilityLength = 500
	// MaxBodyLines is the body length, in lines, above which Validate
	// warns; a longer body is still valid.
	MaxBodyLines = 500
	// MaxBodyTokens is the body length, in tokens estimated as four bytes
	// each, above which Validate warns; a longer body is still valid.
	MaxBodyTokens = 5000
)

// maxKeyLength is the longest mapping key, in runes, that Parse reads and
// Encode writes. YAML 1.2 limits implicit keys to 1024 characters.
const maxKeyLength = 1024

// Errors returned by Parse, Load and LoadDir. Their texts are those of the
// skills-ref validator, capitals included, so that both tools say the same.
var (
	// ErrNoFrontmatter means the file does not start with a "---" line.
	ErrNoFrontmatter = errors.New("SKILL.md must start with YAML frontmatter (---)")
	// ErrUnclosedFrontmatter means no second "---" line ends the
	// frontmatter.
	ErrUnclosedFrontmatter = errors.New("SKILL.md frontmatter not properly closed with ---")
	// ErrNotMapping means the frontmatter is YAML but not a mapping of
	// keys to values.
	ErrNotMapping = errors.New("SKILL.md frontmatter must be a YAML mapping")
	// ErrInvalidYAML is matched by every *SyntaxError through errors.Is.
	ErrInvalidYAML = errors.New("Invalid YAML in frontmatter") //lint:ignore ST1005 wording of the skills-ref validator
	// ErrNoSkillFile means the directory holds neither SKILL.md nor
	// skill.md.
	ErrNoSkillFile = errors.New("Missing required file: SKILL.md") //lint:ignore ST1005 wording of the skills-ref validator
	// ErrOutside means a symbolic link inside a skill directory points
	// outside it; LoadDir refuses to follow it.
	ErrOutside = errors.New("path resolves outside the directory")
)

// SyntaxError reports frontmatter that Parse cannot read: malformed YAML,
// or YAML outside the subset this package supports. It matches
// [ErrInvalidYAML] under errors.Is.
type SyntaxError struct {
	// Line is the line of the file where the problem was found; the
	// opening fence is line 1.
	Line int
	// Msg says what is wrong, for example `duplicate key "name"`.
	Msg string
}

// Error returns "Invalid YAML in frontmatter: line <Line>: <Msg>".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s: line %d: %s", ErrInvalidYAML.Error(), e.Line, e.Msg)
}

// Is reports whether target is [ErrInvalidYAML].
func (e *SyntaxError) Is(target error) bool {
	return target == ErrInvalidYAML
}
