package filetools

import (
	"fmt"
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
