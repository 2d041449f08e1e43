package toolbundle

import (
	"bytes"
	"context"
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
)

// maxSkillFile is the most export-skill --check reads of a SKILL.md: far
// more than any skill a host would load, and little enough to hold in memory.
const maxSkillFile = 4 << 20

// checkSkill runs export-skill --check: it compares the file at path with
// data, the bytes export-skill would write now, and prints one verdict on
// stdout. It writes and creates nothing.
func checkSkill(ctx context.Context, b Bundle, now *agentskill.Skill, data []byte, path string, s sys) int {
	old, err := readSkillFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(s.stdout, "%s: missing\n", path)
		return cli.ExitFailed
	}
	if err == nil {
		err = context.Cause(ctx)
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: export-skill: %v\n", b.Name, err)
		return cli.ExitFailed
	}
	verdict, same := compareSkill(old, now, data)
	fmt.Fprintf(s.stdout, "%s: %s\n", path, verdict)
	if !same {
		return cli.ExitFailed
	}
	return cli.ExitOK
}

// readSkillFile reads the SKILL.md at path for --check, only when it is a
// regular file of at most maxSkillFile bytes; a link to one is followed.
// Anything else is an error that says what the file is, read no further:
// the file is opened without waiting, so that a FIFO is refused rather
// than waited on, and it is judged as opened, so that nothing put in its
// place meanwhile is read either.
func readSkillFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%q is not a regular file (%s); --check reads only a regular file", path, fileKind(info.Mode()))
	case info.Size() > maxSkillFile:
		return nil, tooLarge(path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSkillFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxSkillFile {
		return nil, tooLarge(path)
	}
	return data, nil
}

// tooLarge is the error for a SKILL.md over maxSkillFile.
func tooLarge(path string) error {
	return fmt.Errorf("%q is larger than %d MiB, which no skill export-skill writes is; --check reads no further", path, maxSkillFile>>20)
}

// fileKind names the type of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// compareSkill says how the file old differs from the skill now, encoded as
// data, and whether they are the same. The first finding that applies is
// the verdict: identical bytes, a file that does not parse, a changed body,
// a difference in the version alone, or other frontmatter.
func compareSkill(old []byte, now *agentskill.Skill, data []byte) (verdict string, same bool) {
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
