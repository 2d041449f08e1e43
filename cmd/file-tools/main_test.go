package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// program is the path of the file-tools binary that TestMain builds. It is
// set once, before any test runs, and only read afterwards.
var program string

// binDir is the directory TestMain builds the programs into, file-tools
// and, once a test asks for it, testprog (see buildTestprog).
var binDir string

// callLimit bounds every run of the program, so that a hang fails the test
// instead of stalling the suite. It is a safety net, not a timing check.
const callLimit = 60 * time.Second

// TestMain builds the program once for the tests of this package: those
// that need a process of their own (signals, pipes, a prompt that waits,
// races, generated inputs, the README), and those of the repository's
// testdata/testprog run as a process (signals, the version of a build). The end-to-end stories of the
// program are scripts under the repository's testdata/scripts, run by the
// root package's TestScripts.
func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

// buildAndRun builds the program into a temporary directory, runs the
// tests and removes the directory again.
func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "file-tools-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binDir = dir
	program = filepath.Join(dir, "file-tools"+exeSuffix())
	build := exec.Command("go", "build", "-buildvcs=false", "-o", program, ".")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building file-tools: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}
