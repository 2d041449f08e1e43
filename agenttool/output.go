package agenttool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Output is what the model sees of a result: either one text or an ordered
// list of content parts.
//
// Its JSON form is a string for a text, and otherwise the content array of a
// function-call output item of the OpenAI Responses API, so a harness using
// that API can forward it unchanged.
type Output struct {
	// Text is the output when Parts is nil.
	Text string
	// Parts, when non-nil (even empty), makes the output multi-part; Text
	// is then ignored.
	Parts []Part
}

// Part is one content part of a multi-part output.
//
// The package defines TextPart, ImagePart and FilePart, and always creates
// and decodes them as values. Part is open: a harness may add kinds of its
// own, which must marshal to a JSON object whose "type" member equals
// PartType. Consumers render a kind they do not know by its JSON encoding,
// treat a pointer to a built-in part as the value it points to, and skip a
// nil one.
type Part interface {
	// PartType returns the value of the "type" member of the part's JSON
	// object.
	PartType() string
}

// The "type" values of the built-in parts.
const (
	textPartType  = "input_text"
	imagePartType = "input_image"
	filePartType  = "input_file"
)

// TextPart is a part of plain text.
type TextPart struct {
	Text string
}

// PartType returns "input_text".
func (TextPart) PartType() string { return textPartType }

// MarshalJSON writes {"type":"input_text","text":…}; the text member is
// present even when empty.
func (p TextPart) MarshalJSON() ([]byte, error) {
	return json.Marshal(textWire{Type: textPartType, Text: p.Text})
}

// ImagePart is an image, given by URL (an http or https URL, or a data: URL
// holding the image) or by the ID of an image uploaded elsewhere.
type ImagePart struct {
	URL    string
	FileID string
	// Detail is "low", "high", "auto" or empty.
	Detail string
}

// PartType returns "input_image".
func (ImagePart) PartType() string { return imagePartType }

// MarshalJSON writes {"type":"input_image","image_url":…,"file_id":…,"detail":…},
// omitting the members that are empty.
func (p ImagePart) MarshalJSON() ([]byte, error) {
	return json.Marshal(imageWire{Type: imagePartType, URL: p.URL, FileID: p.FileID, Detail: p.Detail})
}

// FilePart is a file: its bytes in Data (a data: URL or bare base64) named
// Filename, or a file at URL, or a file uploaded as FileID.
type FilePart struct {
	Filename string
	Data     string
	URL      string
	FileID   string
}

// PartType returns "input_file".
func (FilePart) PartType() string { return filePartType }

// MarshalJSON writes
// {"type":"input_file","filename":…,"file_data":…,"file_url":…,"file_id":…},
// omitting the members that are empty.
func (p FilePart) MarshalJSON() ([]byte, error) {
	return json.Marshal(fileWire{Type: filePartType, Filename: p.Filename, Data: p.Data, URL: p.URL, FileID: p.FileID})
}

// The wire structs fix the member order and names of each built-in part.
type (
	textWire struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	imageWire struct {
		Type   string `json:"type"`
		URL    string `json:"image_url,omitempty"`
		FileID string `json:"file_id,omitempty"`
		Detail string `json:"detail,omitempty"`
	}
	fileWire struct {
		Type     string `json:"type"`
		Filename string `json:"filename,omitempty"`
		Data     string `json:"file_data,omitempty"`
		URL      string `json:"file_url,omitempty"`
		FileID   string `json:"file_id,omitempty"`
	}
)

// String returns the text of o: Text when Parts is nil, and otherwise the
// texts of the text parts concatenated in order with nothing in between.
// Other parts contribute nothing.
func (o Output) String() string {
	if o.Parts == nil {
		return o.Text
	}
	var b strings.Builder
	for _, p := range o.Parts {
		switch p := p.(type) {
		case TextPart:
			b.WriteString(p.Text)
		case *TextPart:
			if p != nil {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// MarshalJSON writes o as a JSON string holding Text when Parts is nil, and
// otherwise as an array of the parts' encodings in order ([] for an empty
// non-nil slice). A nil part, or one that does not encode to a JSON object,
// is an error; a nil pointer to a built-in part is skipped.
func (o Output) MarshalJSON() ([]byte, error) {
	if o.Parts == nil {
		return json.Marshal(o.Text)
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	n := 0
	for i, p := range o.Parts {
		if p == nil {
			return nil, fmt.Errorf("agenttool: output part %d is nil", i)
		}
		if isNilBuiltin(p) {
			continue
		}
		data, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("agenttool: output part %d: %w", i, err)
		}
		// Consumers rely on every element being an object, so a foreign part
		// that breaks the rule is refused here rather than passed on.
		if len(data) == 0 || data[0] != '{' {
			return nil, fmt.Errorf("agenttool: output part %d: %T does not encode to a JSON object", i, p)
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		buf.Write(data)
		n++
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// isNilBuiltin reports whether p is a nil pointer to a built-in part type.
func isNilBuiltin(p Part) bool {
	switch p := p.(type) {
	case *TextPart:
		return p == nil
	case *ImagePart:
		return p == nil
	case *FilePart:
		return p == nil
	}
	return false
}

// UnmarshalJSON decodes a JSON string into Text, leaving Parts nil, and a
// JSON array into a non-nil Parts with an empty Text. Each array element
// must be an object whose "type" is "input_text", "input_image" or
// "input_file"; it decodes to the matching part value, ignoring unknown
// members. JSON null leaves o unchanged, as encoding/json does for null.
// Any other value, and any other element, is an error.
func (o *Output) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if !json.Valid(data) {
		return fmt.Errorf("agenttool: output: invalid JSON")
	}
	switch data[0] {
	case 'n':
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

// decodePart decodes one element of an output array into a built-in part.
// elem is a valid, non-empty JSON value.
func decodePart(elem json.RawMessage) (Part, error) {
	if elem[0] != '{' {
		return nil, fmt.Errorf("expected an object, got %s", jsonKind(elem[0]))
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(elem, &head); err != nil {
		return nil, err
	}
	switch head.Type {
	case textPartType:
		var w textWire
		err := json.Unmarshal(elem, &w)
		return TextPart{Text: w.Text}, err
	case imagePartType:
		var w imageWire
		err := json.Unmarshal(elem, &w)
		return ImagePart{URL: w.URL, FileID: w.FileID, Detail: w.Detail}, err
	case filePartType:
		var w fileWire
		err := json.Unmarshal(elem, &w)
		return FilePart{Filename: w.Filename, Data: w.Data, URL: w.URL, FileID: w.FileID}, err
	}
	return nil, fmt.Errorf("unknown type %q", head.Type)
}

// jsonKind names the kind of JSON value that starts with c, for messages.
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
