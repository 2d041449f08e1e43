package agenttool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Output is the part of a Result that the model reads. It holds a single
// string, or a sequence of content parts when the answer mixes text with
// images or files.
//
// In JSON a single string is a JSON string, and a sequence is an array laid
// out like the content of a function-call output item in the OpenAI
// Responses API: a host that speaks that API passes it on as it is, and any
// other host converts from a documented, fixed layout.
type Output struct {
	// Text is the output whenever Parts and Body are nil.
	Text string
	// Body, when not nil and Parts is nil, is the output's text in place of
	// Text: one too large to be worth holding in memory, copied from where
	// it is when the output is shown. Whoever takes the Output from a tool
	// closes it (see Body).
	Body Body
	// Parts, once non-nil, is the output, even with no element; Text is
	// then not used.
	Parts []Part
	// Exact says that the text of the output, Text or the text parts, is
	// data to be passed on byte for byte, such as the contents of a file: a
	// runner adds nothing to it, not even the line break that agenttool/cli
	// otherwise ends a text with, and what the runner says itself (where it
	// saved a file part, say) goes beside the output as a note.
	Exact bool
	// Notes are remarks about the output, kept apart from it: that it was
	// cut, how to get the rest, what was left out. Each is one line. A
	// runner with a second channel shows them there (agenttool/cli writes
	// each to stderr as "note: <note>"); in JSON they follow the output as
	// text parts in that same form.
	Notes []string
}

// NotePrefix starts a note wherever it is shown as text: on a line of its
// own written by agenttool/cli, and in a text part of the JSON encoding.
const NotePrefix = "note: "

// Part is an element of a multi-part Output.
//
// TextPart, ImagePart and FilePart are the kinds this package knows; it
// produces and decodes them as values, never as pointers. Other kinds may be
// added by a host (audio, say), provided each encodes to a JSON object whose
// "type" member is its PartType. Code that meets a kind it does not know
// shows its JSON encoding. A pointer to a built-in kind counts as the part
// it points to, and a nil such pointer counts as no part.
type Part interface {
	// PartType names the kind of part; it is the "type" member of the
	// part's JSON encoding.
	PartType() string
}

// The "type" values of the built-in parts.
const (
	textPartType  = "input_text"
	imagePartType = "input_image"
	filePartType  = "input_file"
)

// TextPart is a piece of plain text.
type TextPart struct {
	// Text is the text itself; it may be "".
	Text string
}

// PartType returns "input_text".
func (TextPart) PartType() string { return textPartType }

// MarshalJSON encodes p as {"type":"input_text","text":…}, writing "text"
// even when it is "".
func (p TextPart) MarshalJSON() ([]byte, error) {
	return json.Marshal(textWire{Type: textPartType, Text: p.Text})
}

// ImagePart is a picture, found either at a URL or through the ID of an
// earlier upload.
type ImagePart struct {
	// URL is an http or https address, or a data: URL that contains the
	// image itself.
	URL string
	// FileID identifies an image uploaded beforehand.
	FileID string
	// Detail asks for a resolution: "low", "high", "auto", or "" for the
	// model's default.
	Detail string
}

// PartType returns "input_image".
func (ImagePart) PartType() string { return imagePartType }

// MarshalJSON encodes p as
// {"type":"input_image","image_url":…,"file_id":…,"detail":…}, leaving out
// each member whose field is "".
func (p ImagePart) MarshalJSON() ([]byte, error) {
	return json.Marshal(imageWire{Type: imagePartType, URL: p.URL, FileID: p.FileID, Detail: p.Detail})
}

// FilePart is a document handed to the model in one of three ways: its
// content inline in Data, a URL, or the ID of an earlier upload.
type FilePart struct {
	// Filename names the file whose content is in Data.
	Filename string
	// Data is the content, as a data: URL or as plain base64.
	Data string
	// URL is where the file can be fetched.
	URL string
	// FileID identifies a file uploaded beforehand.
	FileID string
}

// PartType returns "input_file".
func (FilePart) PartType() string { return filePartType }

// MarshalJSON encodes p as
// {"type":"input_file","filename":…,"file_data":…,"file_url":…,"file_id":…},
// leaving out each member whose field is "".
func (p FilePart) MarshalJSON() ([]byte, error) {
	return json.Marshal(fileWire{Type: filePartType, Filename: p.Filename, Data: p.Data, URL: p.URL, FileID: p.FileID})
}

// The wire structs give each built-in part its JSON names and member order
// when it is encoded; decodePart reads the same names.
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

// String returns o as plain text. That is Text when Parts and Body are nil,
// and what Body writes when only Parts is nil (as much as it wrote, if it
// failed); otherwise it is the Text of each TextPart (or non-nil *TextPart)
// in order, joined with no separator, and every other part is left out.
// Notes are not part of it. With a body, String reads it whole, from a
// file maybe, and cannot report a failure: it is meant for tests and
// diagnostics, and a runner writes the body out with WriteTo instead.
func (o Output) String() string {
	if o.Parts == nil {
		if o.Body != nil {
			text, _ := bodyText(o.Body)
			return text
		}
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

// MarshalJSON encodes o. With nil Parts and no notes the result is Text as
// a JSON string. A Body counts as the Text it writes, and a Body that fails
// makes MarshalJSON fail. Otherwise it is a JSON array holding each part's own
// encoding, in order (Text as one text part when Parts is nil and Text is
// not ""), then one text part "note: <note>" per note; an empty non-nil
// Parts and no notes give []. Exact has no encoding: a JSON string is
// exact. A nil pointer to a built-in part type is passed over. A nil part
// of any other kind makes MarshalJSON fail, and so does a part of a kind
// defined elsewhere whose encoding is not a JSON object with its PartType
// as the "type" member.
func (o Output) MarshalJSON() ([]byte, error) {
	if o.Parts == nil && o.Body != nil {
		text, err := bodyText(o.Body)
		if err != nil {
			return nil, fmt.Errorf("agenttool: output body: %w", err)
		}
		o.Text = text
	}
	if o.Parts == nil && len(o.Notes) == 0 {
		return json.Marshal(o.Text)
	}
	parts := o.Parts
	if parts == nil && o.Text != "" {
		parts = []Part{TextPart{Text: o.Text}}
	}
	if len(o.Notes) > 0 {
		all := make([]Part, 0, len(parts)+len(o.Notes))
		all = append(all, parts...)
		for _, note := range o.Notes {
			all = append(all, TextPart{Text: NotePrefix + note})
		}
		parts = all
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	n := 0
	for i, p := range parts {
		if isNilBuiltin(p) {
			continue
		}
		// A nil pointer of a foreign kind would encode as null, which is no
		// part at all; report it like a nil interface.
		if p == nil || isNilPointer(p) {
			return nil, fmt.Errorf("agenttool: output part %d is nil", i)
		}
		data, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("agenttool: output part %d: %w", i, err)
		}
		if !isBuiltin(p) {
			if err := checkForeignPart(p, data); err != nil {
				return nil, fmt.Errorf("agenttool: output part %d: %w", i, err)
			}
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

// isBuiltin reports whether p is one of the part types of this package, or
// a pointer to one.
func isBuiltin(p Part) bool {
	switch p.(type) {
	case TextPart, ImagePart, FilePart, *TextPart, *ImagePart, *FilePart:
		return true
	}
	return false
}

// checkForeignPart checks that data, the encoding of a part kind this
// package does not define, is a JSON object whose "type" member is the
// part's PartType. Consumers dispatch on that member, so a part that breaks
// the rule is refused here rather than passed on.
func checkForeignPart(p Part, data []byte) error {
	var members map[string]json.RawMessage
	if len(data) == 0 || data[0] != '{' || json.Unmarshal(data, &members) != nil {
		return fmt.Errorf("%T does not encode to a JSON object", p)
	}
	typ, err := stringMember(members, "type")
	if err != nil {
		return fmt.Errorf("%T: %w", p, err)
	}
	if typ != p.PartType() {
		return fmt.Errorf("%T encodes type %q, but its PartType is %q", p, typ, p.PartType())
	}
	return nil
}

// isNilBuiltin reports whether p is a nil *TextPart, *ImagePart or *FilePart.
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
