package agenttool

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// This file reads an Output back from the JSON that Output.MarshalJSON
// writes, part by part.

// UnmarshalJSON replaces o with the Output that data encodes. A JSON string
// gives that Text and nil Parts. A JSON array gives "" as Text and a
// non-nil Parts, one value of TextPart, ImagePart or FilePart per element,
// chosen by the element's "type" ("input_text", "input_image" or
// "input_file"). Member names must match exactly, and members the part does
// not use are ignored. null gives the zero Output. Every other value fails,
// and so does an array element that is not an object or names another type.
// On failure o is left as it was. Notes come back as the text parts they
// were encoded as, and Exact as false: JSON has no place for either.
func (o *Output) UnmarshalJSON(data []byte) error {
	// Only JSON's own white space may surround the value; bytes.TrimSpace
	// would also accept Unicode spaces that encoding/json rejects.
	data = bytes.Trim(data, " \t\r\n")
	if !json.Valid(data) {
		// Unmarshal explains what is wrong with the input.
		var v any
		return fmt.Errorf("agenttool: output: invalid JSON: %w", json.Unmarshal(data, &v))
	}
	switch data[0] {
	case 'n':
		*o = Output{}
		return nil
	case '"':
		var text string
		if err := json.Unmarshal(data, &text); err != nil {
			return fmt.Errorf("agenttool: output: %w", err)
		}
		*o = Output{Text: text}
		return nil
	case '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(data, &elems); err != nil {
			return fmt.Errorf("agenttool: output: %w", err)
		}
		parts := make([]Part, 0, len(elems))
		for i, elem := range elems {
			p, err := decodePart(elem)
			if err != nil {
				return fmt.Errorf("agenttool: output part %d: %w", i, err)
			}
			parts = append(parts, p)
		}
		*o = Output{Parts: parts}
		return nil
	}
	return fmt.Errorf("agenttool: output must be a JSON string or array, got %s", jsonKind(data[0]))
}

// decodePart turns one element of an output array, which must be valid and
// non-empty JSON, into the built-in part its "type" names. Member names are
// matched exactly, unlike encoding/json's struct decoding, so that only a
// member spelt "type" picks the kind of part.
func decodePart(elem json.RawMessage) (Part, error) {
	if elem[0] != '{' {
		return nil, fmt.Errorf("expected an object, got %s", jsonKind(elem[0]))
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(elem, &members); err != nil {
		return nil, err
	}
	// str reads one string member and keeps the first error, so the cases
	// below stay one line each.
	var err error
	str := func(name string) string {
		v, e := stringMember(members, name)
		if err == nil {
			err = e
		}
		return v
	}
	var p Part
	switch typ := str("type"); typ {
	case textPartType:
		p = TextPart{Text: str("text")}
	case imagePartType:
		p = ImagePart{URL: str("image_url"), FileID: str("file_id"), Detail: str("detail")}
	case filePartType:
		p = FilePart{Filename: str("filename"), Data: str("file_data"), URL: str("file_url"), FileID: str("file_id")}
	default:
		if err == nil {
			err = fmt.Errorf("unknown type %q", typ)
		}
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// stringMember returns the string held by member name of an object's
// members, or "" when the member is absent or null.
func stringMember(members map[string]json.RawMessage, name string) (string, error) {
	var v string
	raw, ok := members[name]
	if !ok {
		return "", nil
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", fmt.Errorf("member %q: %w", name, err)
	}
	return v, nil
}

// jsonKind names, for error messages, the kind of JSON value whose first
// byte is c.
func jsonKind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}
