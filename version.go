package toolbundle

import (
	"runtime/debug"
	"sync"
)

// buildVersion is the main module's version as the build recorded it,
// "(devel)" for a build outside a module version, or "" when the binary
// carries no build information. Reading the build information is left to the
// commands that print a version, and done at most once per process.
var buildVersion = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return info.Main.Version
})

// version returns the bundle's version: Bundle.Version when set, verbatim,
// else the version the build recorded.
func (b Bundle) version() string {
	if b.Version != "" {
		return b.Version
	}
	return buildVersion()
}
