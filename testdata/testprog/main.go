// Command testprog is a program of many bundles that the tests of package
// toolbundle build and run as a real process, the scripts under
// testdata/scripts among them ("-- testprog <bundle> --"). TESTPROG_BUNDLE
// names the bundle, one of those the files of this package register in
// bundles, each file documenting its own.
//
// The bundles give no version of their own, so that a bundle's version is
// the one the go command stamps the build with. main.go and small.go alone
// build, as a module of their own, the program the version test needs.
package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agenttool/toolbundle"
)

// bundles maps each value of TESTPROG_BUNDLE to the function that returns
// its bundle; each file adds its bundles in an init function.
var bundles = map[string]func() toolbundle.Bundle{}

func main() {
	name := os.Getenv("TESTPROG_BUNDLE")
	bundle, ok := bundles[name]
	if !ok {
		names := slices.Sorted(maps.Keys(bundles))
		fmt.Fprintf(os.Stderr, "testprog: TESTPROG_BUNDLE is %q; set it to one of %s\n", name, strings.Join(names, ", "))
		os.Exit(2)
	}
	status := toolbundle.Main(context.Background(), bundle(), os.Args)
	if os.Getenv("TESTPROG_AFTER") == "write" {
		writeAfterMain()
	}
	os.Exit(status)
}

// writeAfterMain writes a line to stdout once Main has returned and says
// on stderr how the write went: "after Main: written", or "after Main: "
// and the error. With TESTPROG_AFTER=write, testprog calls it, for a test
// that the write to a closed pipe still fails rather than end the process.
func writeAfterMain() {
	if _, err := fmt.Println("after Main"); err != nil {
		fmt.Fprintln(os.Stderr, "after Main:", err)
		return
	}
	fmt.Fprintln(os.Stderr, "after Main: written")
}

// bundle returns the bundle called testprog with tools.
func bundle(tools ...toolbundle.Tool) toolbundle.Bundle {
	return toolbundle.Bundle{
		Name:        "testprog",
		Description: "Tools for the tests of package toolbundle. Use only in those tests.",
		Tools:       tools,
	}
}
