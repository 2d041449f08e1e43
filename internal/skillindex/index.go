// Package skillindex writes the index of a skill past its budget: the
// list of its commands that the body of SKILL.md keeps when their usage
// has gone to references, fitted into the room the body has left.
package skillindex

import "strings"

// An Entry is what the index says of one command.
type Entry struct {
	Name, File string // the command and its reference, "references/<command>.md"
	Synopsis   string // its short synopsis, after the program's name
	Sentence   string // the first sentence of its description
}

// MinSentence is the fewest bytes of a command's first sentence that the
// index cuts it to; below that, the index gives the commands alone.
const MinSentence = 30

// Write returns the index of the commands of program, after a paragraph
// saying how to read it: one line per command linking to its reference,
// all in at most room bytes if it can. Each line gives the command's short
// synopsis and first sentence; when those do not fit, the command's name
// and its sentence, every sentence cut to the one length that makes the
// index fit; when that length would be under MinSentence, the names alone.
// Each line links the reference, so that a later export can tell the
// references the skill owns (skillcheck.Linked).
func Write(program string, entries []Entry, room int) string {
	const read = "\nEach command has a reference with its flags and examples: read it before your first call of the command."
	render := func(synopsis bool, width int) string {
		var b strings.Builder
		b.WriteString(read)
		if synopsis {
			b.WriteString(" An entry gives the command as it follows `" + program + "`, `[...]` standing for its optional flags.")
		}
		b.WriteString("\n\n")
		for _, e := range entries {
			label, sentence := e.Name, Cut(e.Sentence, width)
			if synopsis {
				label = e.Synopsis
			}
			b.WriteString("- [`" + label + "`](" + e.File + ")")
			if sentence != "" {
				b.WriteString(": " + sentence)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	longest := 0
	for _, e := range entries {
		longest = max(longest, len(e.Sentence))
	}
	if full := render(true, longest); len(full) <= room {
		return full
	}
	// The widest sentence length that fits, by bisection: an index only
	// grows with the length its sentences are cut to.
	lo, hi := -1, longest+1 // render(false, lo) fits, unless lo is -1; render(false, hi) does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if len(render(false, mid)) <= room {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo >= min(MinSentence, longest) {
		return render(false, lo)
	}
	return render(false, 0)
}

// Cut returns s when it has at most width bytes, and otherwise its longest
// prefix of whole words followed by "…" that has at most width bytes, or ""
// when not even one word fits.
func Cut(s string, width int) string {
	if len(s) <= width {
		return s
	}
	const ellipsis = "…"
	i := strings.LastIndexByte(s[:max(width-len(ellipsis)+1, 0)], ' ')
	if i <= 0 {
		return ""
	}
	return strings.TrimRight(s[:i], " ,;:") + ellipsis
}

// FirstSentence returns the first sentence of a description: its first line,
// up to the first period followed by a space.
func FirstSentence(d string) string {
	d, _, _ = strings.Cut(strings.TrimSpace(d), "\n")
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	return strings.TrimSpace(d)
}
