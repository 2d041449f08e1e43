package agenttool

import "encoding/json"

// Option configures a tool built by New or NewFunc.
type Option func(*options)

type options struct {
	strict       bool
	sequential   bool
	resource     string
	annotations  Annotations
	closer       func() error
	parameters   json.RawMessage
	noValidation bool
}

// applyOptions applies opts in order to a zero options value.
func applyOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// WithStrict makes the tool strict.
func WithStrict() Option { return func(o *options) { o.strict = true } }

// WithSequential makes the tool sequential.
func WithSequential() Option { return func(o *options) { o.sequential = true } }

// WithResource names the shared state the tool uses.
func WithResource(name string) Option { return func(o *options) { o.resource = name } }

// WithAnnotations sets the tool's annotations.
func WithAnnotations(a Annotations) Option { return func(o *options) { o.annotations = a } }

// WithCloser makes the tool an io.Closer.
func WithCloser(fn func() error) Option { return func(o *options) { o.closer = fn } }

// WithParameters serves schema verbatim.
func WithParameters(schema json.RawMessage) Option { return func(o *options) { o.parameters = schema } }

// WithoutValidation skips validation.
func WithoutValidation() Option { return func(o *options) { o.noValidation = true } }
