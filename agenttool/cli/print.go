package cli

import (
	"fmt"
	"io"
)

// Print writes text, the whole output of a command that runs no tool (help,
// a schema, a program's own command), to stdout, and returns the status the
// command ends with: ExitOK once the text is written, or when the reader of
// stdout has gone, as after `| head -1`, since the text was then printed to
// nobody and nothing is lost that a rerun would give; ExitFailed, with a
// line on stderr naming the program and the error, when the write failed
// for another reason, such as a full disk under `> file`, where the caller
// would otherwise find an empty or cut file and a status saying all went
// well.
func Print(stdout, stderr io.Writer, program, text string) int {
	if _, err := io.WriteString(stdout, text); err != nil && !readerGone(err) {
		fmt.Fprintf(stderr, "%s: writing to stdout: %v\n", program, err)
		return ExitFailed
	}
	return ExitOK
}
