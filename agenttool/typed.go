package agenttool

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
)

// Option configures a tool built by New or NewFunc. Options apply in order,
// and a later option overrides an earlier one that sets the same thing.
// SchemaFor, SchemaOf and Reflect honour only WithStrict.
type Option func(*options)

// options is what the Option values of one constructor call add up to.
type options struct {
	strict       bool
	sequential   bool
	resource     string
	annotations  Annotations
	closer       func() error
	parameters   json.RawMessage
	noValidation bool
}

// applyOptions applies opts in order to a zero options value, skipping nil
// options.
func applyOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// WithStrict makes the tool strict (see Strict). With New it also reflects
// the arguments schema under the strict rules, which makes the claim true by
// construction; with NewFunc or WithParameters it is the author's claim.
func WithStrict() Option { return func(o *options) { o.strict = true } }

// WithSequential makes the tool sequential (see Sequential).
func WithSequential() Option { return func(o *options) { o.sequential = true } }

// WithResource names the shared state the tool uses (see Resource). The
// empty name means no resource.
func WithResource(name string) Option { return func(o *options) { o.resource = name } }

// WithAnnotations sets the hints the tool declares (see Annotated).
func WithAnnotations(a Annotations) Option { return func(o *options) { o.annotations = a } }

// WithCloser makes the tool own something that outlives a call: the tool
// implements io.Closer, and its Close calls fn and returns fn's error. A nil
// fn leaves the tool without a Close method, so it fails an io.Closer type
// assertion. WithCloser does not change the tool's definition.
func WithCloser(fn func() error) Option { return func(o *options) { o.closer = fn } }

// WithParameters makes New serve schema verbatim as the tool's parameters
// instead of reflecting it from the argument type; arguments are then not
// validated against a schema before decoding. A nil schema restores
// reflection. NewFunc ignores this option.
func WithParameters(schema json.RawMessage) Option {
	return func(o *options) { o.parameters = schema }
}

// WithoutValidation makes New decode arguments without validating them
// against the reflected schema first. The schema is still reflected, served
// as the parameters, and its errors still panic. NewFunc ignores this option.
func WithoutValidation() Option { return func(o *options) { o.noValidation = true } }

// NoArgs is the argument type of a tool that takes no arguments. Its
// reflected schema equals NoArgsSchema, with "additionalProperties":false
// added under WithStrict.
type NoArgs struct{}

// New builds a typed tool named name that runs fn.
//
// The parameters schema is, in order of preference: the schema given by
// WithParameters, served verbatim; the JSONSchema of Args when Args (or a
// pointer to it) is a Schemer, served verbatim; or the schema reflected from
// Args, strict under WithStrict. Only a reflected schema is used to validate
// arguments, and WithoutValidation turns that off.
//
// Execute validates the call's arguments against that schema (a failure is a
// *ValidationError), decodes them into an Args with Decode, calls fn with a
// context that carries the call (see CallFrom), and converts its return
// value with ResultOf. An error from fn is returned unchanged with the zero
// Result. Unknown argument properties are ignored in non-strict mode and
// refused in strict mode.
//
// New panics, naming the tool, when fn is nil or when Args cannot be
// reflected into a schema (for example a recursive type, a channel field or
// a map under strict). These are programming errors found at startup.
func New[Args, Out any](name, description string,
	fn func(ctx context.Context, args Args) (Out, error), opts ...Option) Tool {
	if fn == nil {
		panic(fmt.Sprintf("agenttool.New(%q): nil function", name))
	}
	o := applyOptions(opts)
	params := o.parameters
	var validator *Schema
	if params == nil {
		if raw, ok := schemerOf(reflect.TypeFor[Args]()); ok {
			params = raw
		} else {
			var reflectOpts []Option
			if o.strict {
				reflectOpts = append(reflectOpts, WithStrict())
			}
			s, err := Reflect(reflect.TypeFor[Args](), reflectOpts...)
			if err == nil {
				params, err = json.Marshal(s)
			}
			if err != nil {
				panic(fmt.Sprintf("agenttool.New(%q): %v", name, err))
			}
			if !o.noValidation {
				validator = s
			}
		}
	}
	exec := func(ctx context.Context, call Call) (Result, error) {
		if validator != nil {
			if err := validator.ValidateJSON(call.Args); err != nil {
				return Result{}, err
			}
		}
		args, err := Decode[Args](call.Args)
		if err != nil {
			return Result{}, err
		}
		out, err := fn(WithCall(ctx, call), args)
		if err != nil {
			return Result{}, err
		}
		return ResultOf(out)
	}
	return build(name, description, params, exec, o)
}

// NewFunc builds a tool named name that serves parameters verbatim (nil stays
// nil, which Definition reads as "no arguments") and runs fn for every call.
// Arguments are never validated, and fn receives the call's context as is:
// NewFunc does not put the call on it, which is the harness's job.
// WithParameters and WithoutValidation are ignored. NewFunc panics, naming
// the tool, when fn is nil.
func NewFunc(name, description string, parameters json.RawMessage,
	fn func(ctx context.Context, call Call) (Result, error), opts ...Option) Tool {
	if fn == nil {
		panic(fmt.Sprintf("agenttool.NewFunc(%q): nil function", name))
	}
	return build(name, description, parameters, fn, applyOptions(opts))
}

// build returns a funcTool, or a closingFuncTool when o has a closer, so that
// only a tool that owns something passes an io.Closer type assertion. Both
// are pointers so that tools stay comparable, as interface values usually
// are: a harness may compare tools or use them as map keys.
func build(name, description string, params json.RawMessage,
	exec func(context.Context, Call) (Result, error), o options) Tool {
	t := &funcTool{name: name, description: description, params: params, exec: exec, opts: o}
	if o.closer != nil {
		return &closingFuncTool{t}
	}
	return t
}

// builtTool is what every tool built by New or NewFunc implements.
type builtTool interface {
	Tool
	Strict
	Sequential
	Resource
	Annotated
}

var (
	_ builtTool = (*funcTool)(nil)
	_ io.Closer = (*closingFuncTool)(nil)
)

// funcTool is the tool New and NewFunc build. It implements every property
// interface, answering the defaults unless an option set them.
type funcTool struct {
	name        string
	description string
	params      json.RawMessage
	exec        func(context.Context, Call) (Result, error)
	opts        options
}

func (t *funcTool) Name() string                { return t.name }
func (t *funcTool) Description() string         { return t.description }
func (t *funcTool) Parameters() json.RawMessage { return t.params }
func (t *funcTool) Strict() bool                { return t.opts.strict }
func (t *funcTool) Sequential() bool            { return t.opts.sequential }
func (t *funcTool) Resource() string            { return t.opts.resource }
func (t *funcTool) Annotations() Annotations    { return t.opts.annotations }

func (t *funcTool) Execute(ctx context.Context, call Call) (Result, error) {
	return t.exec(ctx, call)
}

// closingFuncTool is a funcTool that owns something and closes it.
type closingFuncTool struct {
	*funcTool
}

func (t *closingFuncTool) Close() error { return t.opts.closer() }

// Decode decodes a call's arguments into a T. Empty raw is read as {}. A
// decoding error is returned as "invalid arguments: <error>", wrapping the
// encoding/json error; it is not a *ValidationError.
func Decode[T any](raw json.RawMessage) (T, error) {
	var v T
	if len(raw) == 0 {
		raw = json.RawMessage(`{}`)
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		var zero T
		return zero, fmt.Errorf("invalid arguments: %w", err)
	}
	return v, nil
}

// ResultOf converts the return value of a typed tool's function into a
// Result. The first matching rule wins:
//
//   - a Result is returned unchanged, and a *Result as the value it points
//     to;
//   - a string becomes Text(v);
//   - a []Part becomes Parts(v...);
//   - an Output becomes the result's output, and an *Output likewise;
//   - untyped nil and a nil pointer of any type give the zero Result;
//   - anything else is marshalled with encoding/json into a text. A nil
//     slice or map is not a nil pointer and gives the text "null".
//
// A marshalling error is returned as "encode result: <error>".
func ResultOf(v any) (Result, error) {
	switch v := v.(type) {
	case Result:
		return v, nil
	case *Result:
		if v == nil {
			return Result{}, nil
		}
		return *v, nil
	case string:
		return Text(v), nil
	case []Part:
		return Parts(v...), nil
	case Output:
		return Result{Output: v}, nil
	case *Output:
		if v == nil {
			return Result{}, nil
		}
		return Result{Output: *v}, nil
	case nil:
		return Result{}, nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return Result{}, nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return Result{}, fmt.Errorf("encode result: %w", err)
	}
	return Text(string(data)), nil
}
