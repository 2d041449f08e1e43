package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
)

// module is one module of the repository: its path, the directory of its
// go.mod relative to the repository root ("." for the root), and its files,
// relative to that directory.
type module struct {
	path  string
	dir   string
	files []string
}

// workspaceFiles belong to the repository's workspace, not to a module.
var workspaceFiles = []string{"go.work", "go.work.sum"}

// split sorts the repository's files into modules: a file belongs to the
// module whose go.mod is in the deepest directory above it. A file above
// every go.mod belongs to none and is left out. Every file name is checked
// against the module zip rules, and so is every pair of names for a clash of
// case; all the problems found are reported together.
func split(files []string, read func(string) ([]byte, error)) ([]module, error) {
	var mods []module
	for _, f := range files {
		if path.Base(f) == "go.mod" {
			data, err := read(f)
			if err != nil {
				return nil, err
			}
			mp, err := modulePath(data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			mods = append(mods, module{path: mp, dir: path.Dir(f)})
		}
	}
	if len(mods) == 0 {
		return nil, errors.New("no go.mod among the files")
	}
	var errs []error
	seen := make([]collisions, len(mods))
	for _, f := range files {
		i := owner(mods, f)
		if i < 0 || mods[i].dir == "." && slices.Contains(workspaceFiles, f) {
			continue
		}
		rel := f
		if d := mods[i].dir; d != "." {
			rel = strings.TrimPrefix(f, d+"/")
		}
		if err := checkFilePath(rel); err != nil {
			errs = append(errs, fmt.Errorf("module %s: %w", mods[i].path, err))
			continue
		}
		if seen[i] == nil {
			seen[i] = collisions{}
		}
		if err := seen[i].add(rel); err != nil {
			errs = append(errs, fmt.Errorf("module %s: %w", mods[i].path, err))
			continue
		}
		mods[i].files = append(mods[i].files, rel)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return mods, nil
}

// owner is the index of the module f belongs to, or -1: the one whose
// directory is the deepest that holds f.
func owner(mods []module, f string) int {
	best, depth := -1, -1
	for i, m := range mods {
		d := 0
		if m.dir != "." {
			if !strings.HasPrefix(f, m.dir+"/") {
				continue
			}
			d = strings.Count(m.dir, "/") + 1
		}
		if d > depth {
			best, depth = i, d
		}
	}
	return best
}

// modulePath reads the module path from the module directive of a go.mod.
func modulePath(gomod []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "//")
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			p := strings.Trim(strings.TrimSpace(rest), `"`)
			if p != "" {
				return p, nil
			}
		}
	}
	return "", errors.New("no module directive")
}
