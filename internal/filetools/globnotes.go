package filetools

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// The notes of this file follow "no files match" in list_files and "no
// file matched --glob" in search, for a glob that took nothing and was
// likely written for another reading.

// fromDirNote returns the note for a glob g, written pattern, with a slash
// that took no file below the directory dir given by dirFlag: such a glob
// matches paths from the tree's root, where a model may have meant them
// from dir. The note gives the glob joined to dir as globFlag takes it,
// when joinDir does.
func fromDirNote(root *os.Root, dir string, g *glob, pattern, dirFlag, globFlag string) []string {
	joined, ok := joinDir(root, dir, g, pattern)
	if !ok {
		return nil
	}
	return []string{fmt.Sprintf("a glob with a slash matches paths from the tree's root, not from %s: %s %s names %s below %s",
		dirFlag, globFlag, singleQuoted(joined), singleQuoted(strings.TrimPrefix(pattern, "./")), dir)}
}

// joinDir returns the glob g, written pattern, joined to the directory dir,
// its metacharacters quoted, for a note on a glob that took no file below
// dir: when g has a slash, does not start with dir, and the directories
// its literal leading elements name below dir exist in root. It does not
// join to the root, nor to .git or below it, which is never searched.
// Whether the joined glob matches a file is not looked at.
func joinDir(root *os.Root, dir string, g *glob, pattern string) (string, bool) {
	rest := strings.TrimPrefix(pattern, "./")
	if dir == "" || dir == "." || g.base || strings.HasPrefix(rest, "**") || strings.HasPrefix(rest, dir+"/") ||
		slices.Contains(strings.Split(dir, "/"), ".git") {
		return "", false
	}
	joined := quoteGlob(dir) + "/" + rest
	if _, err := compileGlob("", joined); err != nil {
		return "", false
	}
	elems := strings.Split(rest, "/")
	lit := elems[:len(elems)-1]
	if i := slices.IndexFunc(lit, func(e string) bool { return strings.ContainsAny(e, `*?[\`) }); i >= 0 {
		lit = lit[:i]
	}
	if info, err := root.Stat(filepath.FromSlash(path.Join(append([]string{dir}, lit...)...))); err != nil || !info.IsDir() {
		return "", false
	}
	return joined, true
}

// quoteGlob returns the path p with the characters that a glob reads as
// its own quoted by a \, so that as a glob it matches p only.
func quoteGlob(p string) string {
	return globQuoter.Replace(p)
}

// globQuoter quotes a glob's metacharacters.
var globQuoter = strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)

// backslashNote returns the note for a glob, written pattern, that took no
// file below the directory dir and holds a \, which quotes the character
// after it, where a model used to Windows may have meant a separator: the
// note gives the glob with slashes, as globFlag takes it, when that
// compiles, joined to dir where joinDir joins it.
func backslashNote(root *os.Root, dir, pattern, globFlag string) []string {
	if !strings.Contains(pattern, `\`) {
		return nil
	}
	slashed := strings.ReplaceAll(pattern, `\`, "/")
	g, err := compileGlob("", slashed)
	if err != nil {
		return nil
	}
	if joined, ok := joinDir(root, dir, &g, slashed); ok {
		slashed = joined
	}
	return []string{fmt.Sprintf(`a \ in a glob quotes the character after it, and paths are matched with /: %s %s`, globFlag, singleQuoted(slashed))}
}
