package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool"
)

// refusal is what Run knows of a call once the tool refused it: the
// command, what the call gave its arguments with, and its stdin.
type refusal struct {
	cmd   Command
	gave  given
	stdin io.Reader
	// args are the arguments the check refused, for naming every
	// required property they lack (see missing).
	args json.RawMessage
}

// stdinHint is the clause a missing property gets when the call gave no
// JSON argument but its stdin holds input, as when a heredoc was given
// without the "-" that reads it.
const stdinHint = "; to give the JSON argument on stdin, end the command with -"

// explain words a *agenttool.ValidationError of the tool's in the terms of
// the call, and reports whether it did. A missing property that has a flag
// is named as the flag, unless the call gave only JSON; a wrong value is
// named as its flag when the flag gave it, an array's element as the flag
// and, when the flag gave several, the element's place among them, as in
// "--fields (value 2)", and a map's entry as the flag and its key, as in
// "--limits: key \"cpu\"", as a value the flag refuses is. Anything else keeps the tool's
// words, which name the value by its JSON path. A missing property is
// followed by stdinHint when the call gave no JSON argument and stdin may
// hold input.
func (f refusal) explain(err error) (string, bool) {
	msg, ok := f.word(err)
	var verr *agenttool.ValidationError
	if ok && errors.As(err, &verr) && verr.Missing != "" && !f.gave.json && pendingInput(f.stdin) {
		msg += stdinHint
	}
	return msg, ok
}

// pendingInput reports whether stdin may hold input nobody read: it is a
// pipe, a socket or a file that is not empty, or a reader that says it
// holds bytes. A terminal, /dev/null and other devices hold none a call
// was meant to read, and so does any other reader, which cannot tell.
func pendingInput(stdin io.Reader) bool {
	switch r := stdin.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		info, err := r.Stat()
		if err != nil {
			return false
		}
		mode := info.Mode()
		return mode&(fs.ModeNamedPipe|fs.ModeSocket) != 0 || mode.IsRegular() && info.Size() > 0
	case interface{ Len() int }:
		return r.Len() > 0
	}
	return false
}

// heldObject reports whether stdin, whose mode is mode (see stdinMode),
// is a regular file whose unread part starts with a JSON object, as a
// heredoc that a shell hands on as a file does: the JSON argument meant,
// given without the "-" that reads it. It is read where the file stands
// without moving on, so a call that goes on reads it as before. A pipe is
// never looked into: that would take bytes a later reader of it may need,
// such as the rest of a shell loop (see pendingInPipe).
func heldObject(stdin io.Reader, mode fs.FileMode) bool {
	f, ok := stdin.(interface {
		io.ReaderAt
		io.Seeker
	})
	if !ok || !mode.IsRegular() {
		return false
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return false
	}
	head := make([]byte, 64)
	n, _ := f.ReadAt(head, at)
	text := strings.TrimPrefix(strings.TrimLeft(string(head[:n]), " \t\r\n"), byteOrderMark)
	return strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{")
}

// stdinMode is the mode of the file stdin is, as Stat gives it, or
// fs.ModeIrregular for a reader that is no file or cannot say.
func stdinMode(stdin io.Reader) fs.FileMode {
	f, ok := stdin.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return fs.ModeIrregular
	}
	info, err := f.Stat()
	if err != nil {
		return fs.ModeIrregular
	}
	return info.Mode()
}

// word is explain without the hint about stdin.
func (f refusal) word(err error) (string, bool) {
	var verr *agenttool.ValidationError
	if !errors.As(err, &verr) {
		return "", false
	}
	if verr.Missing != "" {
		if msg, ok := f.missing(verr); ok {
			return msg, true
		}
	}
	path := verr.Path
	if verr.Missing != "" {
		if path != "" {
			path += "."
		}
		path += verr.Missing
	}
	// An element of an array, as in "fields[1]", is named by its flag and
	// its place among the values given.
	array, index, element := cutIndex(path)
	var pos *position
	key, entry := "", false // the key of a map flag's entry
	walk := walkFlags(f.cmd.Params)
	for i := range walk {
		if walk[i].flag == "" {
			continue
		}
		if walk[i].dotted() == path {
			pos, element = &walk[i], false
			break
		}
		if element && verr.Missing == "" && walk[i].param.Repeated() && walk[i].dotted() == array {
			pos = &walk[i]
		}
		// A map's values are scalars, so all that follows its path is
		// the key, dots and all.
		if k, ok := strings.CutPrefix(path, walk[i].dotted()+"."); ok && verr.Missing == "" && walk[i].param.Map() {
			pos, key, entry, element = &walk[i], k, true, false
		}
	}
	switch {
	case pos == nil:
	case verr.Missing != "" && (!f.gave.json || f.gave.flagged()):
		return "invalid arguments: missing required flag " + dashed(pos.flag), true
	case verr.Missing == "" && f.gave.gives(pos.flag):
		name := dashed(pos.flag)
		if element && f.gave.count(pos.flag) > 1 {
			name += fmt.Sprintf(" (value %d)", index+1)
		}
		if entry {
			name += fmt.Sprintf(": key %q", key)
		}
		return "invalid arguments: " + name + ": " + verr.Msg, true
	case verr.Missing == "" && verr.Path != "" && f.gave.json:
		// A value the JSON argument gave is named by its path, as its
		// type errors name one.
		return fmt.Sprintf("invalid arguments: JSON member %q: %s", verr.Path, verr.Msg), true
	}
	return err.Error(), true
}

// cutIndex splits the JSON path of an array's element, as "fields[1]",
// into the array's path and the element's index, and reports whether path
// is one.
func cutIndex(path string) (string, int, bool) {
	i := strings.LastIndexByte(path, '[')
	if i < 0 || !strings.HasSuffix(path, "]") {
		return "", 0, false
	}
	n, err := strconv.Atoi(path[i+1 : len(path)-1])
	if err != nil || n < 0 {
		return "", 0, false
	}
	return path[:i], n, true
}

// flagged reports whether the call gave any flag.
func (g given) flagged() bool {
	for i := range g.values {
		if g.values[i].given() {
			return true
		}
	}
	return false
}

// gives reports whether the call gave the flag called name.
func (g given) gives(name string) bool { return g.count(name) > 0 }

// count returns how many values the call gave the flag called name.
func (g given) count(name string) int {
	for i := range g.values {
		if g.values[i].pos.flag == name {
			return len(g.values[i].values)
		}
	}
	return 0
}
