package toolbundle

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
)

// checkSkill runs export-skill --check: it compares the file at path with
// data, the bytes export-skill would write now, and prints one verdict on
// stdout. It writes and creates nothing.
func checkSkill(b Bundle, now *agentskill.Skill, data []byte, path string, s sys) int {
	old, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(s.stdout, "%s: missing\n", path)
		return cli.ExitFailed
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
