package script

import "strings"

// Diff returns a readable line diff from want to got: lines only in want
// start with "-", lines only in got with "+", shared ones with " ".
func Diff(want, got string) string {
	a, b := splitLines(want), splitLines(got)
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	line := func(mark byte, s string) {
		out.WriteByte(mark)
		out.WriteString(strings.TrimSuffix(s, "\n"))
		if !strings.HasSuffix(s, "\n") {
			out.WriteString(" [no newline at the end]")
		}
		out.WriteByte('\n')
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			line(' ', a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			line('-', a[i])
			i++
		default:
			line('+', b[j])
			j++
		}
	}
	return out.String()
}

// splitLines splits s into lines that keep their line breaks; a last line
// without one is kept as it is.
func splitLines(s string) []string {
	l := strings.SplitAfter(s, "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}
