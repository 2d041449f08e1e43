package agenttool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
)

// Option adjusts a tool that New or NewFunc builds. Options take effect in
// the order given, so when two set the same thing the later one wins. A nil
// Option is skipped. SchemaFor, SchemaOf and Reflect accept options too but
// look only at WithStrict.
type Option func(*options)

// options collects the effect of the Options passed to one call.
type options struct {
	strict       bool
	sequential   bool
	resource     string
	annotations  Annotations
	closer       func() error
	parameters   json.RawMessage
	noValidation bool
}

// applyOptions runs opts, in order and skipping nil ones, on zero options.
func applyOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// WithStrict declares the tool strict (see Strict). When New reflects the
// schema from the argument type, it does so under the strict rules, so the
// claim holds. A schema from NewFunc, WithParameters or a Schemer is not
// changed or checked: the claim is then the author's.
func WithStrict() Option { return func(o *options) { o.strict = true } }

// WithSequential declares the tool sequential (see Sequential).
func WithSequential() Option { return func(o *options) { o.sequential = true } }

// WithResource declares the shared state the tool works on (see Resource);
// "" declares none.
func WithResource(name string) Option { return func(o *options) { o.resource = name } }

// WithAnnotations declares a's hints for the tool (see Annotated).
func WithAnnotations(a Annotations) Option { return func(o *options) { o.annotations = a } }

// WithCloser declares that the tool holds something beyond a single call,
// released by fn. The tool then has a Close method that calls fn and returns
// its error. With a nil fn the tool gets no Close method at all, so it is
// not an io.Closer. The definition is the same either way.
func WithCloser(fn func() error) Option { return func(o *options) { o.closer = fn } }

// WithParameters gives New the parameters schema to serve, byte for byte,
// in place of one reflected from the argument type. Such a schema is not
// used to check arguments: they go straight to decoding. WithParameters(nil)
// cancels an earlier WithParameters. NewFunc, which takes its schema as an
// argument, ignores this option.
func WithParameters(schema json.RawMessage) Option {
	return func(o *options) { o.parameters = schema }
}

// WithoutValidation tells New not to check arguments against the reflected
// schema before decoding them. The schema is reflected and served all the
// same, and a type that cannot be reflected still makes New panic. NewFunc
// ignores this option.
func WithoutValidation() Option { return func(o *options) { o.noValidation = true } }

// NoArgs is the argument type to give New for a tool without arguments.
// Reflected, it yields NoArgsSchema plus "additionalProperties":false.
type NoArgs struct{}

// New returns a tool called name, described by description, whose calls run
// fn on arguments decoded into an Args.
//
// The tool's parameters schema comes from the first of these that applies:
// a non-nil schema from WithParameters; the JSONSchema method of Args, when
// Args or a pointer to it is a Schemer; otherwise reflection of Args (see
// Reflect), under the strict rules when WithStrict is given. The first two
// are served as supplied and never used for checking. A reflected schema
// also checks each call's arguments unless WithoutValidation is given.
//
// Each Execute then goes through these steps, stopping at the first error
// and returning it with the zero Result: check the arguments against the
// reflected schema (a failure is a *ValidationError; unknown properties
// are refused); decode them with Decode; call fn with a
// context that also carries the call, so fn can use CallFrom and Progress;
// convert fn's value with ResultOf. An error from fn comes back exactly as
// fn returned it, and the body of a Result or Output fn returned with it,
// if any, is closed.
//
// With a reflected schema, fn receives what the schema checked. A property
// not named exactly is unknown and refused: "Path" is not the field of
// "path", although encoding/json alone would match it; WithoutValidation
// lets decoding drop it instead. Of a property given twice, only the last value counts, as for
// the check. An integer written 2.0 or 1e3, which the schema accepts, is
// decoded as the whole number it is. A json.RawMessage field receives its
// value byte for byte as the model wrote it, and a value whose type has an
// UnmarshalJSON method is handed to that method whole, unknown members and
// number spellings included.
//
// Mistakes in the program itself make New panic with a message that starts
// with agenttool.New and the quoted name: a nil fn, or an Args that cannot
// be reflected (a recursive type, a channel, a map under strict, ...).
// They show up when the tool is built, normally at startup.
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
				// MarshalJSON writes compact JSON already; json.Marshal
				// would only scan and copy it again, on every tool of
				// every process.
				params, err = s.MarshalJSON()
			}
			if err != nil {
				panic(fmt.Sprintf("agenttool.New(%q): %v", name, err))
			}
			if !o.noValidation {
				validator = s
			}
		}
	}
	var norm *lazyNormalizer
	if validator != nil {
		norm = &lazyNormalizer{schema: validator, typ: reflect.TypeFor[Args]()}
	}
	exec := func(ctx context.Context, call Call) (Result, error) {
		raw := call.Args
		if validator != nil {
			if err := validator.ValidateJSON(raw); err != nil {
				return Result{}, err
			}
			// The document decoded is the one checked: members the schema
			// does not list are not left to encoding/json, which would match
			// them to fields regardless of case, a repeated member counts
			// once, and an integer the schema accepted as 1e3 decodes as
			// 1000. Everything else, and the call itself, keeps its bytes.
			if v, changed := norm.get().rewrite(validator, bytes.Trim(raw, " \t\r\n")); changed {
				raw = v
			}
		}
		args, err := Decode[Args](raw)
		if err != nil {
			return Result{}, err
		}
		out, err := fn(WithCall(ctx, call), args)
		if err != nil {
			// The result of a failed call is not used, so nobody else
			// would close its body.
			closeBody(out)
			return Result{}, err
		}
		return ResultOf(out)
	}
	return build(name, description, params, exec, o)
}

// NewFunc returns a tool called name, described by description, whose
// Parameters is parameters exactly as given (nil remains nil, which
// Definition treats as a tool without arguments). Execute passes its
// context and call straight to fn and returns fn's result and error. The
// arguments are not checked, and the call is not added to the context: a
// host does that before Execute, as agenttool/cli does, checking the
// arguments against parameters as JSON Schema defines it. Options work as for New, except that
// WithParameters and WithoutValidation have no effect. A nil fn makes
// NewFunc panic with a message that starts with agenttool.NewFunc and the
// quoted name.
func NewFunc(name, description string, parameters json.RawMessage,
	fn func(ctx context.Context, call Call) (Result, error), opts ...Option) Tool {
	if fn == nil {
		panic(fmt.Sprintf("agenttool.NewFunc(%q): nil function", name))
	}
	return build(name, description, parameters, fn, applyOptions(opts))
}

// build returns a *funcTool, or a *closingFuncTool when o has a closer:
// whether a tool is an io.Closer must follow from its type. Pointers keep
// the tools comparable, so a host may compare them or use them as map keys.
func build(name, description string, params json.RawMessage,
	exec func(context.Context, Call) (Result, error), o options) Tool {
	t := &funcTool{name: name, description: description, params: params, exec: exec, opts: o}
	if o.closer != nil {
		return &closingFuncTool{t}
	}
	return t
}

// builtTool lists the interfaces every tool from New or NewFunc has.
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

// funcTool is the tool New and NewFunc build. It has every property method;
// each answers the default unless an option said otherwise.
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

// closingFuncTool is a funcTool with a Close method, built for WithCloser.
type closingFuncTool struct {
	*funcTool
}

func (t *closingFuncTool) Close() error { return t.opts.closer() }

// Decode unmarshals a call's arguments into a new T with encoding/json,
// treating zero-length raw as {}. On failure it returns the zero T and an
// error reading "invalid arguments: ". A value the Go type of its field
// cannot hold, such as a number past the range of an int or a fraction
// for one, is a *ValidationError whose Path locates the value in raw and
// whose Msg says what was expected in JSON's terms, never Go's: "1e30 is
// too large (at most 9223372036854775807)", "expected integer, got 1.5",
// "expected string, got number". So is a value an UnmarshalJSON or
// UnmarshalText method refused: a time.Time given another text than RFC
// 3339's reads "expected a date-time as RFC 3339 writes it
// (2006-01-02T15:04:05Z), got "notadate"", any other error the method's
// own message, and Path names the member the method refused. Only raw
// that is not JSON at all is followed by, and wraps, the encoding/json
// error.
//
// Decode adds nothing to encoding/json's rules: a member fills the field
// whose name matches its own regardless of case, and an integer field
// takes only an integer written in plain digits. The tools New builds with
// a reflected schema prepare the arguments before they call it, so that
// neither rule surprises their function.
func Decode[T any](raw json.RawMessage) (T, error) {
	var v T
	if len(raw) == 0 {
		raw = json.RawMessage(`{}`)
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		var zero T
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &typeErr):
			return zero, typeRefusal(raw, typeErr)
		case errors.As(err, &syntaxErr):
			return zero, fmt.Errorf("invalid arguments: %w", err)
		}
		return zero, methodRefusal(raw, err, func(doc []byte) bool {
			// A method's error ends decoding, while a type error found
			// before it is set aside: only the method's counts here.
			var v T
			err := json.Unmarshal(doc, &v)
			return err != nil && !errors.As(err, &typeErr)
		})
	}
	return v, nil
}

// ResultOf turns the value a typed tool's function returned into a Result,
// using the first of these rules that matches v:
//
//   - Result: v itself;
//   - *Result: the Result it points to, or the zero Result when nil;
//   - string: Text(v);
//   - []Part: Parts(v...), so even a nil []Part gives zero parts;
//   - Output: a Result with that Output;
//   - *Output: a Result with the Output it points to, or the zero Result
//     when nil;
//   - nil, or a nil pointer of any other type: the zero Result;
//   - any other value: its encoding/json encoding, as text.
//
// Only pointers count as nil in the seventh rule: a nil slice or map reaches
// the last one and gives the text "null". When encoding fails, ResultOf
// returns "encode result: " followed by, and wrapping, the encoding error.
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
