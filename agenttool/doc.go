// Package agenttool defines what a tool is for a program driven by a
// language model, and nothing that runs batches of tools.
//
// A Tool has a name, a description, a JSON Schema for its arguments and an
// Execute method that runs one Call and returns a Result. What the model sees
// of a result is its Output: a text, or a list of parts (TextPart, ImagePart,
// FilePart) whose JSON form is the content array of the OpenAI Responses
// API. Details on a result are for the harness only. A tool that fails
// returns an error; it never writes the failure into its output.
//
// Tools are built by hand or with the constructors. New builds a typed tool
// from a function of a Go struct: the parameters schema is reflected from the
// struct (see SchemaFor for the rules), arguments are validated against it
// and decoded before the function runs, and the return value is turned into
// a Result by ResultOf. NewFunc wraps a function that works on the raw call.
//
// Optional properties are separate interfaces that a tool may implement:
// Strict, Sequential, Resource, Annotated and io.Closer. Harness code reads
// them only through IsStrict, IsSequential, ResourceOf, AnnotationsOf and an
// io.Closer type assertion, which apply defaults and combining rules. A
// struct that embeds a Tool to override a method loses every property of the
// embedded value; Wrap changes how a tool runs while keeping them.
//
// Definition turns a tool into the function definition a model is given, and
// a Set groups tools for lookup, validation and closing.
//
// Everything that belongs to one call travels on its context: the Call
// (WithCall, CallFrom, Progress), a recorder for durable side data
// (ContextWithRecorder, WriteRecord) and an elicitor that asks a person a
// question in the middle of a call (ContextWithElicitor). The package keeps
// no global state of its own.
package agenttool
