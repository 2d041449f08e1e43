package filetools

import (
	"fmt"
	"strings"
)

// checkBraces refuses the glob p, given as search's --glob (arg "glob") or
// list_files's --pattern (arg "pattern"), when it holds a shell's brace
// alternatives, as in *.{go,md}: a glob takes the braces literally, so such
// a pattern matches nothing in almost every tree, and the note that nothing
// matched would read as an answer. The refusal spells out the patterns to
// give instead. Braces quoted with \, inside a [...] class or without a
// comma are left alone. The rules of a .gitignore, where git takes braces
// literally too, are not checked.
func checkBraces(arg, p string) error {
	start, end, ok := braceGroup(p)
	if !ok {
		return nil
	}
	if len(p) > maxSpelt {
		return fmt.Errorf("%s of %d bytes holds %s, which a glob takes literally rather than expanding as a shell does; give one --%s per pattern, each spelt out",
			arg, len(p), p[start:end], arg)
	}
	expanded, total := expandBraces(p, maxExpanded)
	each := make([]string, len(expanded))
	for i, e := range expanded {
		each[i] = singleQuoted(e)
	}
	more := ""
	switch n := total - len(each); {
	case total >= maxCounted:
		more = fmt.Sprintf(", and at least %d more", n)
	case n > 0:
		more = fmt.Sprintf(", and %d more", n)
	}
	msg := fmt.Sprintf("%s %q holds %s, which a glob takes literally rather than expanding as a shell does; ", arg, p, p[start:end])
	if arg == "glob" {
		return fmt.Errorf("%sgive one --glob per pattern: --glob %s%s", msg, strings.Join(each, " --glob "), more)
	}
	if more != "" {
		return fmt.Errorf("%slist once per pattern: %s%s", msg, strings.Join(each, ", "), more)
	}
	last := len(each) - 1
	return fmt.Errorf("%slist once per pattern: %s and %s", msg, strings.Join(each[:last], ", "), each[last])
}

// maxExpanded is how many of the patterns a glob's brace groups stand for
// a refusal spells out.
const maxExpanded = 8

// expandBraces returns the first max of the patterns that p stands for
// with each of its brace groups (see braceGroup) spelt out, in the order a
// shell gives them, a group that spelling one out makes ({,{,}}) spelt
// out too, and how many there are in all, counted up to maxCounted:
// {src,lib}/*.{go,md} stands for src/*.go, src/*.md, lib/*.go and
// lib/*.md.
func expandBraces(p string, max int) (patterns []string, total int) {
	var spell func(p string)
	spell = func(p string) {
		if total >= maxCounted {
			return
		}
		start, end, ok := braceGroup(p)
		if !ok {
			if len(patterns) < max {
				patterns = append(patterns, p)
			}
			total++
			return
		}
		for alt := range strings.SplitSeq(p[start+1:end-1], ",") {
			if total >= maxCounted {
				return
			}
			spell(p[:start] + alt + p[end:])
		}
	}
	spell(p)
	return patterns, total
}

// maxCounted bounds the count of expandBraces, whose work grows with it
// times the pattern's length and its number of groups.
const maxCounted = 100

// maxSpelt is the longest glob whose brace groups a refusal spells out,
// which bounds that work with maxCounted.
const maxSpelt = 1024

// braceGroup returns where the first brace group of p with a comma in it
// lies, {go,md} of *.{go,md}, outside [...] classes and \ quoting, and
// whether there is one. A group holding a brace of its own is none.
func braceGroup(p string) (start, end int, ok bool) {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			// A ] right after [ or [! is a member of the class.
			j := i + 1
			if j < len(p) && (p[j] == '!' || p[j] == '^') {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			k := strings.IndexByte(p[j:], ']')
			if k < 0 {
				return 0, 0, false // malformed, as compileGlob says
			}
			i = j + k
		case '{':
			comma := false
			for j := i + 1; j < len(p); j++ {
				switch p[j] {
				case '\\', '{', '[', '/':
					j = len(p) // no simple group: looked at no further
				case ',':
					comma = true
				case '}':
					if comma {
						return i, j + 1, true
					}
					j = len(p)
				}
			}
		}
	}
	return 0, 0, false
}

// singleQuoted returns s in single quotes, as a shell reads it back.
func singleQuoted(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
