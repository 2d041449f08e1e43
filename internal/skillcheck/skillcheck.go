// Package skillcheck compares a skill's files in a directory with the ones
// export-skill would write there now, for export-skill --check, and finds
// the references an exported SKILL.md links to, which a new export may
// replace or remove.
package skillcheck

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/fileset"
	"github.com/agenttool/toolbundle/internal/skillindex"
)

// Check compares the files in dir, a skill's directory, with data, the
// SKILL.md export-skill would write now as it encodes now, and refs, its
// references, and prints one verdict per file on w: SKILL.md's always, and
// a line for each reference that differs, is missing, or is left over
// (linked from the SKILL.md there, but no longer part of the skill), or one
// line saying that all of them are up to date. It reports whether every
// file is the same. Nothing else in dir is looked at, and nothing is
// written. A file that cannot be read as [fileset.Read] reads one is an
// error, with the verdicts before it printed.
func Check(w io.Writer, dir string, now *agentskill.Skill, data []byte, refs []fileset.File) (same bool, err error) {
	path := fileset.Path(dir, "SKILL.md")
	old, err := fileset.Read(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	same = true
	if err != nil {
		fmt.Fprintf(w, "%s: missing\n", path)
		same = false
	} else {
		verdict, ok := compare(old, now, data)
		fmt.Fprintf(w, "%s: %s\n", path, verdict)
		same = ok
	}
	current := make(map[string]bool, len(refs))
	upToDate := 0
	for _, r := range refs {
		current[r.Name] = true
		p := fileset.Path(dir, r.Name)
		got, err := fileset.Read(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(w, "%s: missing\n", p)
		case err != nil:
			return false, err
		case bytes.Equal(got, r.Data):
			upToDate++
			continue
		default:
			fmt.Fprintf(w, "%s: differs\n", p)
		}
		same = false
	}
	for _, name := range linked(old) {
		if current[name] {
			continue
		}
		p := fileset.Path(dir, name)
		if _, err := os.Lstat(p); err == nil {
			fmt.Fprintf(w, "%s: left over (the skill no longer has it; export-skill --force removes it)\n", p)
			same = false
		}
	}
	if len(refs) > 0 && upToDate == len(refs) {
		fmt.Fprintf(w, "%s: all %d references up to date\n", fileset.Path(dir, "references"), len(refs))
	}
	return same, nil
}

// Linked returns the references the SKILL.md at path links to, which an
// export over it may replace or remove, or nil when there is no such file
// or it cannot be read as [Check] reads one.
func Linked(path string) []string {
	data, err := fileset.Read(path)
	if err != nil {
		return nil
	}
	return linked(data)
}

// linked returns once each, in the order found (the links first), the
// references a SKILL.md names as export-skill writes them: a link "](references/<command>.md)"
// anywhere, or, in the index that links nothing (skillindex.Write), a line
// "- `<command>`" or "- `<command>`: ..." after the line
// "## Commands" and before the next heading; <command> a plain word. A link
// of any other form, one reaching into another directory included, and
// any other text, is not one of them.
func linked(skill []byte) []string {
	var names []string
	seen := map[string]bool{}
	add := func(cmd string) {
		if cmd == "" || cmd[0] == '.' || strings.ContainsFunc(cmd, func(r rune) bool { return !cli.IsPlain(r) || r == '/' }) {
			return
		}
		if name := "references/" + cmd + ".md"; !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	const open = "](references/"
	for rest := string(skill); ; {
		i := strings.Index(rest, open)
		if i < 0 {
			break
		}
		rest = rest[i+len(open):]
		j := strings.IndexByte(rest, ')')
		if j < 0 {
			break
		}
		if cmd, ok := strings.CutSuffix(rest[:j], ".md"); ok {
			add(cmd)
		}
	}
	index := false
	for line := range strings.Lines(string(skill)) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == skillindex.Heading:
			index = true
		case strings.HasPrefix(line, "#"):
			index = false
		case index:
			cmd, ok := strings.CutPrefix(line, "- `")
			cmd, after, ok2 := strings.Cut(cmd, "`")
			if ok && ok2 && (after == "" || strings.HasPrefix(after, ": ")) {
				add(cmd)
			}
		}
	}
	return names
}

// compare says how the file old differs from the skill now, encoded as
// data, and whether they are the same. The first finding that applies is
// the verdict: identical bytes, a file that does not parse, a changed body,
// a difference in the version alone, or other frontmatter.
func compare(old []byte, now *agentskill.Skill, data []byte) (verdict string, same bool) {
	if bytes.Equal(old, data) {
		return "up to date", true
	}
	was, err := agentskill.Parse(old)
	if err != nil {
		return fmt.Sprintf("other frontmatter differs (the file does not parse: %v)", err), false
	}
	if was.Body != now.Body {
		return "body digest differs (the body changed)", false
	}
	oldVersion, newVersion := was.Metadata["version"], now.Metadata["version"]
	if oldVersion != newVersion {
		// The version alone differs when putting the current one into the
		// file's own frontmatter reproduces exactly what would be written.
		bumped := *was
		bumped.Metadata = maps.Clone(was.Metadata)
		if newVersion == "" {
			delete(bumped.Metadata, "version")
		} else {
			if bumped.Metadata == nil {
				bumped.Metadata = map[string]string{}
			}
			bumped.Metadata["version"] = newVersion
		}
		if enc, err := agentskill.Encode(&bumped); err == nil && bytes.Equal(enc, data) {
			return fmt.Sprintf("only the version differs (%s in the file, %s now)", orNone(oldVersion), orNone(newVersion)), false
		}
	}
	return "other frontmatter differs (" + frontmatterDiff(was, now) + ")", false
}

// frontmatterDiff lists the frontmatter keys whose values differ between
// was and now, the specification's keys in their order and then any other
// key of was, sorted; "formatting" when every value is the same.
func frontmatterDiff(was, now *agentskill.Skill) string {
	var keys []string
	add := func(key string, differs bool) {
		if differs {
			keys = append(keys, key)
		}
	}
	add("name", was.Name != now.Name)
	add("description", was.Description != now.Description)
	add("license", was.License != now.License)
	add("compatibility", was.Compatibility != now.Compatibility)
	add("allowed-tools", was.AllowedTools != now.AllowedTools)
	add("metadata", !maps.Equal(was.Metadata, now.Metadata))
	// The skill written now has no other key, so each one the file has is a
	// difference.
	keys = append(keys, slices.Sorted(maps.Keys(was.Extra))...)
	if len(keys) == 0 {
		return "formatting"
	}
	return strings.Join(keys, ", ")
}

// orNone returns v, or "none" when it is empty.
func orNone(v string) string {
	if v == "" {
		return "none"
	}
	return v
}
