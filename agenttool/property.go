package agenttool

// Strict is implemented by a tool whose parameters schema follows the strict
// rules: every property required, no additional properties, optional values
// expressed as nullable. A strict tool's definition carries "strict":true.
//
// For a schema reflected by New under WithStrict the claim holds by
// construction; for a schema an author supplies it is not checked. Read it
// with IsStrict.
type Strict interface {
	Strict() bool
}

// Sequential is implemented by a tool whose calls must not overlap with any
// other call: a batch containing such a tool runs one call at a time, in the
// order the model gave. Read it with IsSequential.
type Sequential interface {
	Sequential() bool
}

// Resource is implemented by a tool that uses shared state named by
// Resource, by convention "kind:id" (for example "shell:main"). Calls of one
// batch that name the same resource run one after another in model order.
// Read it with ResourceOf.
type Resource interface {
	Resource() string
}

// Annotated is implemented by a tool that states hints about its behaviour.
// Read it with AnnotationsOf.
type Annotated interface {
	Annotations() Annotations
}

// Annotations are hints about a tool's behaviour, in the sense of MCP tool
// annotations. A policy may use them to be stricter, but never as the only
// reason to allow something. The zero value means that nothing is stated; it
// cannot be told apart from a tool that states every flag false.
type Annotations struct {
	// Title is a human-readable name for the tool.
	Title string
	// ReadOnly states that the tool does not modify its environment.
	ReadOnly bool
	// Destructive states that the tool may delete or overwrite data.
	Destructive bool
	// Idempotent states that repeating a call with the same arguments has
	// no further effect.
	Idempotent bool
	// OpenWorld states that the tool reaches outside systems, such as the
	// network.
	OpenWorld bool
}

// IsStrict reports whether t implements Strict and its Strict method returns
// true. It is false for a nil t.
func IsStrict(t Tool) bool {
	s, ok := t.(Strict)
	return ok && s.Strict()
}

// IsSequential reports whether t implements Sequential and its Sequential
// method returns true. It is false for a nil t.
func IsSequential(t Tool) bool {
	s, ok := t.(Sequential)
	return ok && s.Sequential()
}

// ResourceOf returns the resource t uses, or "" when it uses none. It is ""
// when t does not implement Resource, and also when t is sequential whatever
// it declares: a sequential tool already runs alone, so a resource would add
// nothing.
func ResourceOf(t Tool) string {
	if IsSequential(t) {
		return ""
	}
	if r, ok := t.(Resource); ok {
		return r.Resource()
	}
	return ""
}

// AnnotationsOf returns the annotations t declares, or the zero Annotations
// when it does not implement Annotated.
func AnnotationsOf(t Tool) Annotations {
	if a, ok := t.(Annotated); ok {
		return a.Annotations()
	}
	return Annotations{}
}
