package agenttool

// Strict is the optional interface of a tool that claims its parameters
// schema obeys the strict rules (all properties required, none beyond those
// listed, absent values written as null), so that its definition may ask for
// "strict":true.
//
// New under WithStrict makes the claim true by reflecting the schema that
// way. Any other schema is taken on trust: nothing checks it. Hosts read the
// property with IsStrict.
type Strict interface {
	Strict() bool
}

// Sequential is the optional interface of a tool that must not run beside
// other calls: when a batch contains a call to it, the host runs the whole
// batch one call after another, in the model's order. Hosts read the
// property with IsSequential.
type Sequential interface {
	Sequential() bool
}

// Resource is the optional interface of a tool that works on some shared
// state, named by the method's result ("kind:id" by convention, such as
// "shell:main"). Within one batch, calls whose tools name the same resource
// are serialised in the model's order; different batches do not interact.
// Hosts read the property with ResourceOf.
type Resource interface {
	Resource() string
}

// Annotated is the optional interface of a tool that describes its own
// behaviour with Annotations. Hosts read the property with AnnotationsOf.
type Annotated interface {
	Annotations() Annotations
}

// Annotations are a tool's own, unverified account of how it behaves,
// modelled on MCP tool annotations. They can justify more caution but must
// never be the sole ground for permitting an action. The zero value says
// nothing; a tool that explicitly sets every flag to false looks the same,
// and that ambiguity is accepted.
type Annotations struct {
	// Title is a name for the tool meant for people rather than the model.
	Title string
	// ReadOnly claims that calls change nothing outside the tool.
	ReadOnly bool
	// Destructive claims that calls may remove or overwrite data.
	Destructive bool
	// Idempotent claims that a second call with the same arguments changes
	// nothing more than the first.
	Idempotent bool
	// OpenWorld claims that calls reach systems beyond the host, such as
	// the network.
	OpenWorld bool
}

// IsStrict reports whether t is strict: it implements Strict and its method
// returns true. Any other tool, nil included, is not strict.
func IsStrict(t Tool) bool {
	s, ok := t.(Strict)
	return ok && s.Strict()
}

// IsSequential reports whether t is sequential: it implements Sequential
// and its method returns true. Any other tool, nil included, is not.
func IsSequential(t Tool) bool {
	s, ok := t.(Sequential)
	return ok && s.Sequential()
}

// ResourceOf returns the name of the shared state a host must serialise t's
// calls on, or "" for none. A tool without a Resource method has none. So
// does a sequential tool, whatever its method says: it never runs beside
// another call, so a resource could not serialise anything further.
// Otherwise the result is what t's Resource method returns.
func ResourceOf(t Tool) string {
	if IsSequential(t) {
		return ""
	}
	if r, ok := t.(Resource); ok {
		return r.Resource()
	}
	return ""
}

// AnnotationsOf returns t's annotations, or the zero Annotations when t (nil
// included) does not implement Annotated.
func AnnotationsOf(t Tool) Annotations {
	if a, ok := t.(Annotated); ok {
		return a.Annotations()
	}
	return Annotations{}
}
