package filetools

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// patternAdvice returns err, the refusal of the path p given as --flag,
// with advice when p names nothing and is a glob of metacharacters: that
// the flag is not read as a pattern and --glob is. A model that writes
// --paths '*.go' means --glob '*.go'. A p that is a JSON array of paths is
// given the flags it stands for (see arrayAdvice).
func patternAdvice(p, flag, glob string, err error) error {
	if !nameMissing(err) {
		return err
	}
	if advised, ok := arrayAdvice(p, flag, err); ok {
		return advised
	}
	if !isGlob(p) {
		return err
	}
	return fmt.Errorf("%w; --%s is not read as a pattern, --%s %s is", err, flag, glob, singleQuoted(p))
}

// listAdvice returns err, the refusal of the path p given to a command
// that takes one file, with advice when p names nothing and is a glob:
// that list_files lists the files it matches. A model that writes
// read_file --path '*.go' means the files of that pattern. A p that is a
// JSON array of paths, and a glob too, is given the flag it stands for
// instead (see arrayAdvice), as nearAdvice gives one that is no glob.
func listAdvice(p string, err error) error {
	if !isGlob(p) {
		return err
	}
	if advised, ok := arrayAdvice(p, "path", err); ok {
		return advised
	}
	return fmt.Errorf("%w; --path names one file, and list_files --pattern %s lists the files of that pattern", err, singleQuoted(p))
}

// arrayAdvice returns err, the refusal of the path p given as --flag, with
// the flag for the first path when p is a JSON array of paths (see
// pathArray). ok is false when p is no such array. A repeated flag given
// such an array is refused before the tool runs, with the flag for each.
func arrayAdvice(p, flag string, err error) (advised error, ok bool) {
	paths, ok := pathArray(p)
	if !ok {
		return err, false
	}
	return fmt.Errorf("%w; it is a JSON array, and --%s takes one path, as in --%s %s", err, flag, flag, singleQuoted(paths[0])), true
}

// pathArray returns the paths of p when it is a JSON array of one or more
// strings, none of them empty, as a model writes a list of paths where one
// is taken: --paths '["a.go","b.go"]'.
func pathArray(p string) ([]string, bool) {
	var paths []string
	if !strings.HasPrefix(p, "[") || json.Unmarshal([]byte(p), &paths) != nil || len(paths) == 0 || slices.Contains(paths, "") {
		return nil, false
	}
	return paths, true
}

// isGlob reports whether p holds a glob's metacharacters and is a glob
// that list_files and search --glob take.
func isGlob(p string) bool {
	if !strings.ContainsAny(p, "*?[") {
		return false
	}
	_, bad := compileGlob("", p)
	return bad == nil
}
