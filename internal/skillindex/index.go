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

// Heading is the line that starts the index in the body of SKILL.md.
const Heading = "## Commands"

// Where is the sentence of an index whose lines do not link the
// references, saying where a command's reference is.
const Where = " A command's reference is `references/<command>.md`."

// Write returns the index of the commands of program, after a paragraph
// saying how to read it, all in at most room bytes if it can. It takes the
// first form that fits:
//
//   - one line per command linking its reference, with the command's short
//     synopsis and first sentence;
//   - the same with the command's name in place of its synopsis, every
//     sentence cut to the one length that makes the index fit;
//   - lines that link nothing, "- `<command>`: <sentence>", after the
//     paragraph says where a command's reference is (Where), the
//     sentences cut the same way;
//   - those lines with the names alone.
//
// A sentence is never cut under MinSentence bytes. Both kinds of line name
// the references the skill owns, which a later export reads back
// (skillcheck.Linked).
func Write(program string, entries []Entry, room int) string {
	const read = "\nEach command has a reference with its usage: read it before your first call of the command."
	render := func(synopsis, link bool, width int) string {
		var b strings.Builder
		b.WriteString(read)
		if synopsis {
			b.WriteString(" An entry gives the command as it follows `" + program + "`, `[...]` standing for its optional flags.")
		}
		if !link {
			b.WriteString(Where)
		}
		b.WriteString("\n\n")
		for _, e := range entries {
			label, sentence := e.Name, Cut(e.Sentence, width)
			if synopsis {
				label = e.Synopsis
			}
			if link {
				b.WriteString("- [`" + label + "`](" + e.File + ")")
			} else {
				b.WriteString("- `" + label + "`")
			}
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
	if full := render(true, true, longest); len(full) <= room {
		return full
	}
	for _, link := range []bool{true, false} {
		// The widest sentence length that fits, by bisection: an index
		// only grows with the length its sentences are cut to.
		lo, hi := -1, longest+1 // render(lo) fits, unless lo is -1; render(hi) does not
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if len(render(false, link, mid)) <= room {
				lo = mid
			} else {
				hi = mid
			}
		}
		if lo >= min(MinSentence, longest) {
			return render(false, link, lo)
		}
	}
	return render(false, false, 0)
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
