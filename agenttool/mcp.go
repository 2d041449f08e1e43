package agenttool

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// AnnotationsFromMCP reads a tool's annotations as an MCP server writes
// them in tools/list (the object holding title, readOnlyHint,
// destructiveHint, idempotentHint and openWorldHint), giving each hint that
// is absent the default MCP gives it: a tool is not read-only, may be
// destructive, is not idempotent and reaches an open world unless its
// annotations say otherwise. Destructive and Idempotent are meaningful only
// for a tool that is not read-only, so a read-only tool gets neither,
// whatever its hints say. An empty or null data gives the defaults of a tool
// that says nothing of itself. Members MCP does not define are ignored; a
// hint that is not a boolean, or a title that is not a string, is an error
// naming the member.
//
// Use it with [WithAnnotations] for a tool defined from an MCP server's
// definition; an [Annotations] written by hand keeps its own meaning, where
// a flag left false claims nothing.
func AnnotationsFromMCP(data json.RawMessage) (Annotations, error) {
	var m map[string]json.RawMessage
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && !bytes.Equal(trimmed, []byte("null")) {
		if trimmed[0] != '{' || json.Unmarshal(trimmed, &m) != nil {
			return Annotations{}, fmt.Errorf("MCP annotations: %.40q is not a JSON object", trimmed)
		}
	}
	var a Annotations
	var err error
	if len(m["title"]) > 0 && string(m["title"]) != "null" {
		if json.Unmarshal(m["title"], &a.Title) != nil {
			return Annotations{}, fmt.Errorf("MCP annotations: title is %s, not a string", m["title"])
		}
	}
	if a.ReadOnly, err = hint("readOnlyHint", m["readOnlyHint"], false); err != nil {
		return Annotations{}, err
	}
	if a.Destructive, err = hint("destructiveHint", m["destructiveHint"], true); err != nil {
		return Annotations{}, err
	}
	if a.Idempotent, err = hint("idempotentHint", m["idempotentHint"], false); err != nil {
		return Annotations{}, err
	}
	if a.OpenWorld, err = hint("openWorldHint", m["openWorldHint"], true); err != nil {
		return Annotations{}, err
	}
	if a.ReadOnly {
		a.Destructive, a.Idempotent = false, false
	}
	return a, nil
}

// hint reads one boolean hint, def when it is absent or null.
func hint(name string, raw json.RawMessage, def bool) (bool, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return def, nil
	}
	var b bool
	if json.Unmarshal(raw, &b) != nil {
		return false, fmt.Errorf("MCP annotations: %s is %s, not a boolean", name, raw)
	}
	return b, nil
}
