package cli

import (
	"encoding/json"
	"slices"
	"strings"
)

// afterJSON returns the refusal of words, what follows the flags of the
// command's words all, when a word after the JSON argument (or "-") is a
// flag: the misplaced-option error for a program option, else one that
// says flags come first and shows the call with the words after the JSON
// argument before it. It returns nil when no later word is a flag.
func afterJSON(all, words []string) error {
	if len(words) < 2 || words[0] != "-" && !json.Valid([]byte(trimJSONSpace(words[0]))) {
		return nil
	}
	for _, w := range words[1:] {
		name := strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-")
		name, _, _ = strings.Cut(name, "=")
		if name == "" || name == w {
			continue
		}
		if e, ok := misplacedFlag(name, words[1:]); ok {
			return e
		}
		line := slices.Concat(all[:len(all)-len(words)], words[1:], words[:1])
		return &flagAfterJSON{flag: typedFlag(words[1:], name), line: line}
	}
	return nil
}

// flagAfterJSON is the refusal of a flag given after the JSON argument,
// showing the call with every word after that argument moved before it.
type flagAfterJSON struct {
	flag string   // the first flag after it, as typed
	line []string // the command's words, corrected
}

// Error says where the flag belongs, without the corrected call, which
// needs the program's name.
func (e *flagAfterJSON) Error() string { return e.message("", "") }

// message is the refusal, with the corrected call of the command named
// command of the program named program when program is not empty.
func (e *flagAfterJSON) message(program, command string) string {
	msg := e.flag + " comes after the JSON argument; give flags before it"
	if program == "" {
		return msg
	}
	words := []string{program, command}
	for _, w := range e.line {
		words = append(words, ShellWord(w))
	}
	return msg + ": " + strings.Join(words, " ")
}
