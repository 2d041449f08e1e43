package agenttool

import (
	"context"
	"encoding/json"
)

// Tool is one function a model can call.
type Tool interface {
	Name() string
	Description() string
	Parameters() json.RawMessage
	Execute(ctx context.Context, call Call) (Result, error)
}

// Call is one call of a tool.
type Call struct {
	ID       string
	Args     json.RawMessage
	OnUpdate func(Result)
}

// Result is what a call returns.
type Result struct {
	Output    Output
	Details   any
	Terminate bool
}

// Output is what the model sees of a result.
type Output struct {
	Text  string
	Parts []Part
}

// Part is one content part of a multi-part output.
type Part interface {
	PartType() string
}

// Annotations are hints about a tool's behaviour.
type Annotations struct {
	Title       string
	ReadOnly    bool
	Destructive bool
	Idempotent  bool
	OpenWorld   bool
}
