// Package agenttool is the contract between a program that talks to a
// language model and the functions the model may call. It says what such a
// function looks like and how a host learns about it; running many calls at
// once, scheduling them or retrying them is left to the host.
//
// # Tools and results
//
// A [Tool] answers four questions: its name, a description for the model, the
// JSON Schema its arguments must follow, and what happens when it is called.
// Execute receives a [Call] (the model's call ID and the raw arguments) and
// returns a [Result]. The part the model reads is the result's [Output],
// which is either a single string or a list of parts ([TextPart],
// [ImagePart], [FilePart]); in JSON a list takes the shape of a content array
// of the OpenAI Responses API. An output may be marked exact, its text to be
// passed on byte for byte, and carry notes, remarks about it kept apart
// (what was cut, how to get the rest), which a runner shows on a channel of
// their own. A long text can stay where it is, such as in a file, as the
// output's [Body], which the runner copies out when it shows the output and
// then closes ([SectionBody] makes one of a range of a file). A result's
// Details never reach the model. A
// tool reports failure only by returning an error, which the host shows the
// model once, through [ErrorResult].
//
// # Building tools
//
// Any type with the four methods is a tool. [New] saves the boilerplate for a
// function of a Go struct: it derives the schema from the struct (see
// [Reflect] for the mapping), checks each call's arguments against it,
// decodes them and turns the return value into a Result with [ResultOf].
// [NewFunc] turns a function of the raw Call into a tool with a JSON Schema
// given as it is, such as the inputSchema an MCP server lists, and
// [AnnotationsFromMCP] reads that server's annotations with MCP's defaults.
// Options such as [WithStrict], [WithCloser] and [WithAnnotations] declare
// properties on either. The schema
// machinery also works on its own: [SchemaFor] gives the JSON Schema of a Go
// type, and [Schema.ValidateJSON] checks arguments against a reflected
// [Schema], failing with a [*ValidationError].
//
// # Properties
//
// What a tool may declare beyond the four methods lives in small optional
// interfaces: [Strict], [Sequential], [Resource], [Annotated], and
// [io.Closer] for a tool that owns something long-lived. A host asks about
// them with [IsStrict], [IsSequential], [ResourceOf], [AnnotationsOf] and an
// io.Closer type assertion, never by asserting the interfaces itself, since
// the readers supply the defaults and combine properties where they
// interact. Embedding a Tool in a struct to replace one method hides every
// optional interface of the embedded value; [Wrap] replaces Execute and keeps
// them all.
//
// # Definitions and sets
//
// [Definition] renders a tool as the function declaration sent to the
// model. A [Set] is a plain slice of tools with lookup by name, a validity
// check, all the definitions in order, and a Close for the tools that own
// something.
//
// # Values carried by the context
//
// Everything that concerns a single call rides on the context passed to
// Execute, so the package itself holds no mutable state: the call
// ([WithCall], [CallFrom], [Progress]), a recorder for side data that must
// survive the program ([ContextWithRecorder], [WriteRecord]), and an
// elicitor through which a tool can put a question to a person before it
// goes on ([ContextWithElicitor]). A harness that recovers a panic from
// Execute reports it as a [PanicError].
//
// # Running tools from a shell
//
// Package agenttool/cli runs one call of a tool from one command line: the
// tool is a command, its arguments flags derived from its schema or one
// JSON object, and the exit status one of four. Its own commands are help
// and schema, and its program options --ask, --answer, --record and --out.
// Package github.com/agenttool/toolbundle builds a whole program on it,
// adding the commands export-skill, export-rules and version. The Examples
// show New, NewFunc, Wrap, a set's definitions, a record and a question.
package agenttool
