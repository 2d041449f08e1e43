// A flag refuses a word that is JSON where its parameter takes the value
// itself: null, an array, an object; each refusal shows what was meant.

package cli

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// nullWord refuses the word null given to the flag of a parameter that
// may be null: a flag's value is text, so the tool would get the string
// "null" where the caller most likely meant null, which the schema allows
// and only the JSON argument gives. The refusal shows both in JSON, or
// null alone for a parameter that is no string.
func (v *flagValue) nullWord() error {
	in := v.inJSON
	if t := v.pos.param.Type; t != "string" {
		return fmt.Errorf("null as a flag's value is no %s; null itself goes in the JSON argument, as in %s", cmp.Or(t, "value"), in("null"))
	}
	return fmt.Errorf("null as a flag's value would be the text null; null itself goes in the JSON argument, as in %s, and so does the text, as in %s",
		in("null"), in(`"null"`))
}

// inJSON is the JSON argument, as a shell word, that gives the flag's
// parameter the JSON text value.
func (v *flagValue) inJSON(value string) string {
	text := value
	for i := len(v.pos.path) - 1; i >= 0; i-- {
		text = string(appendQuoted([]byte{'{'}, v.pos.path[i])) + ":" + text + "}"
	}
	return ShellWord(text)
}

// arrayWord refuses word, a value of a repeated flag, when it is a JSON
// array, as a tool's description may show its values: given so, it would
// be one element holding the brackets. The refusal gives the flag once
// for each value, or for an empty array, which no flag gives ("pass [] to
// reset"), the JSON argument that does.
func (v *flagValue) arrayWord(word string) error {
	t := trimJSONSpace(word)
	var elems []json.RawMessage
	if !strings.HasPrefix(t, "[") || json.Unmarshal([]byte(t), &elems) != nil {
		return nil
	}
	if len(elems) == 0 {
		return fmt.Errorf("%s is an empty JSON array; a flag gives one element each time it is given, so an empty list goes in the JSON argument, as in %s",
			shown(quoted(word)), v.inJSON("[]"))
	}
	each := make([]string, len(elems))
	for i, e := range elems {
		var s string
		if json.Unmarshal(e, &s) != nil {
			s = string(e)
		}
		each[i] = "--" + v.pos.flag + " " + ShellWord(s)
	}
	return fmt.Errorf("%s is a JSON array; the flag takes one value each time it is given, as in %s", shown(quoted(word)), strings.Join(each, " "))
}

// objectWord refuses word, a value of a map flag, when it is a JSON
// object, as a tool's description may show its value: the refusal gives
// the flag once for each member as key=value, or, where a member's value
// is no scalar, shows the object in the JSON argument.
func (v *flagValue) objectWord(word string) error {
	t := trimJSONSpace(word)
	r, ok := jsonscan.ReadMembers(t)
	if !ok || !json.Valid([]byte(t)) {
		return nil
	}
	var each []string
	for {
		key, value, ok := r.Next()
		if !ok {
			break
		}
		s, isString := jsonscan.String(value)
		switch {
		case strings.Contains(key, "="):
			// key=value would cut it at its own "=".
			return fmt.Errorf("%s is a JSON object; the flag takes one key=value each time it is given, and a key holding = goes in the JSON argument, as in %s",
				shown(quoted(word)), v.inJSON(t))
		case isString:
		case value != "" && value[0] != '{' && value[0] != '[' && value != "null":
			s = value
		default:
			return fmt.Errorf("%s is a JSON object; the flag takes one key=value each time it is given, and an object with a value that is null, an object or an array goes in the JSON argument, as in %s",
				shown(quoted(word)), v.inJSON(t))
		}
		each = append(each, "--"+v.pos.flag+" "+ShellWord(key+"="+s))
	}
	if each == nil {
		return fmt.Errorf("%s is an empty JSON object; a flag gives one entry each time it is given, so an empty object goes in the JSON argument, as in %s",
			shown(quoted(word)), v.inJSON("{}"))
	}
	return fmt.Errorf("%s is a JSON object; the flag takes one key=value each time it is given, as in %s", shown(quoted(word)), strings.Join(each, " "))
}
