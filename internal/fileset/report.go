package fileset

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Path is the file name, slash-separated, in the set's directory dir, as
// the messages of export-skill print it: dir as given, so that ./~/skills,
// a directory named ~, is not printed as ~/skills, which a reader would
// take for the home directory.
func Path(dir, name string) string {
	return dir + string(filepath.Separator) + filepath.FromSlash(name)
}

// Report prints, on w, what the write of a skill's set of files files
// long into dir changed: the files it wrote (SKILL.md and one reference
// by name, several references by their count), how many it left as they
// were, and each stale reference it removed; or that the set was up to
// date.
func (c Changes) Report(w io.Writer, dir string, files int) {
	if c.None() {
		fmt.Fprintf(w, "%s is up to date; nothing was written\n", dir)
		return
	}
	var wrote, refs []string
	for _, name := range c.Written {
		if name == "SKILL.md" {
			wrote = append(wrote, Path(dir, name))
		} else {
			refs = append(refs, name)
		}
	}
	switch {
	case len(refs) == 1:
		wrote = append(wrote, Path(dir, refs[0]))
	case len(refs) > 1:
		wrote = append(wrote, fmt.Sprintf("%d references in %s", len(refs), Path(dir, "references")))
	}
	if len(wrote) > 0 {
		line := "wrote " + strings.Join(wrote, " and ")
		switch left := files - len(c.Written); left {
		case 0:
		case 1:
			line += "; the other file was up to date"
		default:
			line += fmt.Sprintf("; the other %d files were up to date", left)
		}
		fmt.Fprintln(w, line)
	}
	for _, name := range c.Removed {
		fmt.Fprintf(w, "removed %s, the reference of a command the skill no longer has\n", Path(dir, name))
	}
}
