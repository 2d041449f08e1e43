// Package agentskill reads, checks and writes SKILL.md, the file at the
// heart of an Agent Skill.
//
// A skill is a directory named after the skill. Its SKILL.md starts with a
// "---" line, YAML frontmatter and another "---" line; the Markdown body
// the model reads follows. The frontmatter of the Agent Skills
// specification has six keys: name and description (required), license,
// compatibility, metadata (a mapping of strings to strings) and
// allowed-tools (tool rules separated by white space).
//
// [Parse] turns the bytes of a file into a [Skill]; [Load] and [LoadDir]
// find and read the file in a directory. [Encode] writes a Skill back,
// with keys in a fixed order and each string quoted only as YAML needs,
// so that Parse(Encode(s)) gives s again and the file reads the same in
// any YAML parser.
//
// Reading and validating are kept apart. A file that is not well formed
// fails to parse with an error saying what and on which line; a
// well-formed file with wrong values parses, and [Skill.Validate] lists
// the problems with the verdicts and wording of the skills-ref reference
// validator. [Skill.Portability] adds warnings about what the
// specification allows but some hosts refuse, and [Skill.Rules] splits
// allowed-tools into rules such as Bash(git add *).
//
// The package has its own reader and writer for the part of YAML that
// frontmatter needs: block mappings and sequences, plain, quoted and block
// scalars, comments, and the empty [] and {}. It refuses anchors, aliases,
// tags, other flow collections, explicit keys, directives and several
// documents, as well as duplicate keys, rather than read them partly.
//
// The package does not discover skills in a tree, list or open a skill's
// other files, render skills into a prompt, or enforce allowed-tools: all
// of that belongs to the host.
//
// Package github.com/agenttool/toolbundle writes a bundle's skill with this
// package: its program's export-skill command builds a Skill, validates it
// and encodes it, and export-skill --check parses the installed SKILL.md to
// say what differs. The program's other commands, export-rules, version,
// help and schema, and its options --ask, --answer, --record and --out, do
// not involve skills. The Examples show parsing, encoding, validation,
// portability warnings, rules and loading.
package agentskill
