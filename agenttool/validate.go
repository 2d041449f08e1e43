package agenttool

import "encoding/json"

// ValidationError reports an argument document that does not match its schema.
type ValidationError struct {
	Path string
	Msg  string
}

// Error formats the error.
func (e *ValidationError) Error() string {
	if e.Path == "" {
		return "invalid arguments: " + e.Msg
	}
	return "invalid arguments: " + e.Path + ": " + e.Msg
}

// ValidateJSON validates raw.
func (s *Schema) ValidateJSON(raw json.RawMessage) error { return nil }

// Validate validates v.
func (s *Schema) Validate(v any) error { return nil }
