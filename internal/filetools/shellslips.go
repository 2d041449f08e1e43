package filetools

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/agenttool/toolbundle/internal/shellwords"
)

// unexpanded refuses a write that would create an entry named after what
// a shell expands, which reached the tool only because the path was
// quoted: a first element ~ (p as given, '~/notes.txt'), or an element
// holding $NAME, ${...} or $(...). The model meant the home directory or
// a variable's value, and the write would make a directory of that name
// in the tree instead. created is the part of rel, the path in the tree,
// that the write creates: the missing directories and the file's name.
// An entry that exists by such a name was meant, and is written in.
func unexpanded(p, rel, created string) error {
	tilde := p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "~"+string(filepath.Separator))
	if tilde && created == rel {
		return fmt.Errorf("path %q starts with ~, which only a shell turns into the home directory, and the tree holds no ~; write ./%s to mean a ~ in the tree", p, p)
	}
	if v := shellwords.Expansion(created); v != "" {
		return fmt.Errorf("path %q holds %s, which only a shell expands, and nothing in the tree has that name; leave it unquoted, or in double quotes", p, v)
	}
	return nil
}

// backslashEscapes reads the two-character escapes \n, \r and \t as what
// they stand for.
var backslashEscapes = strings.NewReplacer(`\n`, "\n", `\r`, "\r", `\t`, "\t")

// escapeNote returns the note on text, given as --flag in place of
// before, when it holds more of the two characters \n than before does and
// no line break of its own: they were written as they are, and a model
// that typed them in single quotes most likely meant a line break.
func escapeNote(flag, text, before string) []string {
	if strings.Contains(text, "\n") || strings.Count(text, `\n`) <= strings.Count(before, `\n`) {
		return nil
	}
	return []string{fmt.Sprintf(`--%s holds \n as two characters, a backslash and an n, and they were written so; `+
		`a line break goes in as itself inside the quotes, or as \n in a JSON argument`, flag)}
}

// linksNote returns the note on replacing a file of info that has other
// names, hard links, which keep the old contents: the new contents are
// written to a new file put in its place, as an editor's save does, so
// that no reader ever sees half of them.
func linksNote(info fs.FileInfo) []string {
	n := hardLinks(info)
	if n < 2 {
		return nil
	}
	return []string{fmt.Sprintf("the file had %d hard links; the other %s still %s the old contents, since the new ones were written to a new file put in its place", n, plural(int64(n-1), "name", "names"), plural(int64(n-1), "holds", "hold"))}
}

// nulNote returns the note on a content holding a NUL byte, which is
// written as given: the file is no text file then, and read_file, edit_file
// and search take it for binary, which a model writing text did not mean.
func nulNote(content string) []string {
	i := strings.IndexByte(content, 0)
	if i < 0 {
		return nil
	}
	return []string{fmt.Sprintf("--content holds a NUL byte (byte %d), and it was written so; read_file, edit_file and search take the file for binary, not text", i+1)}
}

// stdinNote returns the note on a content of "-" alone, which is written
// as that one character: a model that gives --content - means stdin, but
// a flag's value is never read from there. The whole call is, as JSON.
func stdinNote(content string) []string {
	if content != "-" {
		return nil
	}
	return []string{`--content is "-", and that one character was written: a flag's value is never read from stdin, ` +
		`but a whole call is, as JSON: write_file - reads {"path": ..., "content": ...} from it`}
}
