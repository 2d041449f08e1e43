package filetools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/agenttool/agenttool"
)

// question is what write_file asks before it replaces the entry at rel
// with content: the entry's base is base in d, its path as shown is shown,
// and info its first look. It names the size and the first 8 hex digits of
// the sha256 of the regular file there, or that a symbolic link there
// leads to inside the tree, so that two states of a file that differ in
// content ask two questions, with two digests, though the size is the
// same; and so it names the content's, so that an answer bound to the
// digest covers what is written as well. A link is said to be one, with
// its target, and that the file it leads to stays as it is, since the link
// itself is what is replaced. A regular file that changes while it is read
// is refused.
func (t *tree) question(d *os.Root, base, rel, shown string, info fs.FileInfo, content string) (string, error) {
	link := info.Mode()&fs.ModeSymlink != 0
	var target string
	if link {
		var err error
		if target, err = d.Readlink(base); err != nil {
			return "", err
		}
	}
	var f *os.File
	var opened fs.FileInfo
	var err error
	if link {
		// What the link leads to, when that is a regular file in the tree.
		f, opened, err = openRegular(t.root, rel)
	} else if f, opened, err = openRegular(d, base); err == nil && !sameState(info, opened) {
		_ = f.Close()
		return "", errChanged
	}
	switch {
	case err != nil && link:
		// A link to nothing, to a directory or out of the tree: the link
		// is what is replaced, and its target text what is asked about.
		why := "which stays as it is"
		if _, err := t.root.Stat(rel); errors.Is(err, fs.ErrNotExist) {
			why = "which leads to nothing"
		}
		return fmt.Sprintf("Replace the symbolic link %s (to %q, %s) with a file of %s?", shownName(shown), target, why, sized(content)), nil
	case err != nil:
		return "", err
	}
	h := sha256.New()
	_, err = io.CopyBuffer(h, f, make([]byte, 64<<10))
	if err == nil && !link {
		var now fs.FileInfo
		if now, err = f.Stat(); err == nil && !sameState(info, now) {
			err = errChanged
		}
	}
	_ = f.Close()
	if err != nil {
		return "", err
	}
	size := opened.Size()
	old := fmt.Sprintf("%d %s, sha256 %s", size, plural(size, "byte", "bytes"), hex.EncodeToString(h.Sum(nil))[:8])
	if link {
		return fmt.Sprintf("Replace the symbolic link %s (to %q, %s) with a file of %s? The file it leads to stays as it is.",
			shownName(shown), target, old, sized(content)), nil
	}
	return fmt.Sprintf("Replace %s (%s) with %s?", shownName(shown), old, sized(content)), nil
}

// sized names the size of content and the first 8 hex digits of its
// sha256, as write_file's question does: `3 bytes (sha256 11507a0e)`.
func sized(content string) string {
	n, h := int64(len(content)), sha256.Sum256([]byte(content))
	return fmt.Sprintf("%d %s (sha256 %s)", n, plural(n, "byte", "bytes"), hex.EncodeToString(h[:4]))
}

// errChanged is the refusal of a file that changed while write_file read
// it for its question.
const errChanged fileError = "changed while it was being read; run the call again"

// confirm asks the question whether the file at path may be replaced,
// and returns nil only when the answer is accept. Without an elicitor on
// the context the answer is cancel, as agenttool's protocol prescribes.
func confirm(ctx context.Context, path, question string) error {
	answer := agenttool.Answer{Action: agenttool.ActionCancel}
	if ask, ok := agenttool.ElicitorFrom(ctx); ok {
		var err error
		answer, err = ask(ctx, agenttool.Elicitation{Message: question})
		if err != nil {
			return fmt.Errorf("asking whether to replace %q: %w", path, err)
		}
	}
	switch answer.Action {
	case agenttool.ActionAccept:
		return nil
	case agenttool.ActionDecline:
		return fmt.Errorf("not replaced: %q exists and the user declined", path)
	}
	return fmt.Errorf("not replaced: %q exists; nobody confirmed the replacement", path)
}
