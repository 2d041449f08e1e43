// Command publish writes the modules of this repository into a directory laid
// out as a Go module proxy, so that a release can be rehearsed offline with
// GOPROXY=file://<dir> before anything is tagged.
//
//	go run ./scripts/publish -version v0.1.0 -out <dir>
//
// It is run from the repository root. The files of each module are the ones
// `git ls-files` lists under the directory of its go.mod, without those of a
// module nested in it and without the workspace files go.work and
// go.work.sum, which are not part of any module. For each module it writes
// <module>/@v/list, <version>.info, <version>.mod and <version>.zip. Before
// writing anything it checks every file name against the rules the go
// command applies when it unpacks a module zip, and refuses the whole run,
// naming the file, if one breaks them.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

func main() {
	version := flag.String("version", "", "the version to publish, such as v0.1.0")
	out := flag.String("out", "", "the directory to write the proxy into; created if missing")
	flag.Parse()
	if flag.NArg() > 0 || *out == "" || !semver.MatchString(*version) {
		fmt.Fprintln(os.Stderr, "usage: publish -version vX.Y.Z -out <dir>")
		os.Exit(2)
	}
	if err := run(*version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "publish:", err)
		os.Exit(1)
	}
}

// semver matches the release versions this repository uses: vMAJOR.MINOR.PATCH
// with an optional pre-release suffix.
var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

func run(version, out string) error {
	files, err := gitFiles()
	if err != nil {
		return err
	}
	when, err := commitTime()
	if err != nil {
		return err
	}
	mods, err := split(files, os.ReadFile)
	if err != nil {
		return err
	}
	for _, m := range mods {
		if err := write(out, m, version, when); err != nil {
			return err
		}
		fmt.Printf("%s@%s: %d files\n", m.path, version, len(m.files))
	}
	return nil
}

// gitFiles lists the files git tracks in the working directory's repository.
func gitFiles() ([]string, error) {
	data, err := git("ls-files", "-z")
	if err != nil {
		return nil, err
	}
	var files []string
	for f := range strings.SplitSeq(string(data), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}

// commitTime is the time of the commit checked out, which the .info files
// carry, so that two runs on one commit write the same proxy.
func commitTime() (time.Time, error) {
	data, err := git("log", "-1", "--format=%cI")
	if err != nil {
		return time.Time{}, err
	}
	return time.Parse(time.RFC3339, strings.TrimSpace(string(data)))
}

func git(args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err,
			strings.TrimSpace(stderr.String()))
	}
	if len(data) == 0 && args[0] == "ls-files" {
		return nil, errors.New("git ls-files lists no files; run from the repository root")
	}
	return data, nil
}
