package main

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// windowsReserved are the names Windows gives to devices. A path element
// whose part before its first dot is one of them, in any case, cannot be a
// file there, so the go command refuses a module zip holding one.
var windowsReserved = []string{
	"CON", "PRN", "AUX", "NUL",
	"COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
	"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
}

// checkFilePath reports why p, a slash-separated path inside a module, cannot
// be a file of a module zip, or nil if it can. The rules are those the go
// command applies when it unpacks a module (golang.org/x/mod/module's
// CheckFilePath): valid UTF-8, no empty, "." or ".." element, no element
// ending in a dot, only letters, digits, spaces and the ASCII punctuation
// !#$%&()+,-.=@[]^_{}~, and no Windows device name.
func checkFilePath(p string) error {
	if !utf8.ValidString(p) {
		return fmt.Errorf("file path %q: not valid UTF-8", p)
	}
	if p == "" {
		return fmt.Errorf("file path is empty")
	}
	for elem := range strings.SplitSeq(p, "/") {
		if err := checkElem(elem); err != nil {
			return fmt.Errorf("file path %q: %w", p, err)
		}
	}
	return nil
}

func checkElem(elem string) error {
	switch {
	case elem == "":
		return fmt.Errorf("empty path element")
	case strings.Trim(elem, ".") == "":
		return fmt.Errorf("path element %q is only dots", elem)
	case strings.HasSuffix(elem, "."):
		return fmt.Errorf("path element %q ends in a dot", elem)
	}
	for _, r := range elem {
		if !fileNameOK(r) {
			return fmt.Errorf("character %q is not allowed in a module file name", r)
		}
	}
	short, _, _ := strings.Cut(elem, ".")
	for _, bad := range windowsReserved {
		if strings.EqualFold(short, bad) {
			return fmt.Errorf("%q is a device name on Windows", short)
		}
	}
	return nil
}

func fileNameOK(r rune) bool {
	if r >= utf8.RuneSelf {
		return unicode.IsLetter(r)
	}
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
		strings.ContainsRune("!#$%&()+,-.=@[]^_{}~ ", r)
}

// collisions finds paths that a case-insensitive file system would take for
// one another, as the go command does: two files, or a file and a directory,
// whose paths differ only in case, or a path that is both a file and a
// directory.
type collisions map[string]entry

type entry struct {
	path  string
	isDir bool
}

// add records the file p and its parent directories, and reports the first
// clash with what was recorded before.
func (c collisions) add(p string) error {
	for isDir := false; p != "."; p, isDir = path.Dir(p), true {
		key := fold(p)
		prev, ok := c[key]
		switch {
		case !ok:
			c[key] = entry{p, isDir}
		case prev.path != p:
			return fmt.Errorf("file paths %q and %q differ only in case", prev.path, p)
		case prev.isDir != isDir:
			return fmt.Errorf("%q is both a file and a directory", p)
		case !isDir:
			return fmt.Errorf("file %q is listed twice", p)
		default:
			return nil // the rest of the parents are recorded already
		}
	}
	return nil
}

// fold maps s to one spelling shared by every string that equals it under
// Unicode case folding: each rune becomes the smallest of its fold orbit.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
}
