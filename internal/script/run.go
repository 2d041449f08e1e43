package script

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// Program is what the steps of a script run.
type Program struct {
	// Path is the executable.
	Path string
	// Env is added to the environment of every run, each "NAME=value".
	Env []string
	// Vars are placeholders beyond $WORK and $TMP, each name with its "$"
	// ("$REPO") mapped to a path of the system.
	Vars map[string]string
}

// callLimit bounds each run, so that a hang fails the test instead of
// stalling it.
const callLimit = time.Minute

// pipeHolds is the most of a step's stdin that the step writes into a pipe
// before the program starts, on Linux and macOS, where a call asks a pipe
// what it holds: less than the smaller buffer of theirs, 16 KiB on macOS.
// Windows, whose pipes may hold 4 KiB, gets stdin as it is read.
const pipeHolds = 16 << 10

// Run runs the steps of s with p in a new working tree and fails t at each
// difference from what the script expects. Every run gets a home and a
// temporary directory of the script's own (HOME, USERPROFILE, TMPDIR, TMP
// and TEMP), so that no step reads or writes the user's files.
func (s *Script) Run(t testing.TB, p Program) {
	t.Helper()
	work, tmp, home, sysTmp := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	// Words get the directories as the system writes them; expected text
	// is slash-separated, and so is what the program printed, once read.
	vars := map[string]string{"$WORK": work, "$TMP": tmp}
	maps.Copy(vars, p.Vars)
	var native, slashed, quoted []string
	for name, path := range vars {
		native = append(native, name, path)
		slashed = append(slashed, name, filepath.ToSlash(path))
		quoted = append(quoted, name, regexp.QuoteMeta(filepath.ToSlash(path)))
	}
	r := runner{t: t, work: work,
		word: strings.NewReplacer(native...).Replace,
		text: strings.NewReplacer(slashed...).Replace,
		re:   strings.NewReplacer(quoted...).Replace,
	}
	for name, data := range s.files {
		path := filepath.Join(work, filepath.FromSlash(name))
		r.must(os.MkdirAll(filepath.Dir(path), 0o755))
		r.must(os.WriteFile(path, []byte(data), 0o644))
	}
	for _, name := range s.dirs {
		r.must(os.MkdirAll(filepath.Join(work, filepath.FromSlash(name)), 0o755))
	}
	env := append(os.Environ(), "HOME="+home, "USERPROFILE="+home, "TMPDIR="+sysTmp, "TMP="+sysTmp, "TEMP="+sysTmp)
	env = append(env, p.Env...)
	for _, st := range s.steps {
		r.step(p.Path, env, st)
	}
}

// runner is a run of one script.
type runner struct {
	t    testing.TB
	work string
	// word expands the placeholders in a word of a command line, text
	// those in an expected text and re those in a regular expression.
	word, text, re func(string) string
}

// step runs st with the program bin and checks what it did.
func (r runner) step(bin string, env []string, st step) {
	t := r.t
	t.Helper()
	words := make([]string, len(st.words))
	for i, w := range st.words {
		words[i] = r.word(w)
	}
	var before map[string]string
	if st.unchanged {
		before = r.snapshot()
	}
	ctx, cancel := context.WithTimeout(t.Context(), callLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, words...)
	if st.renamed {
		cmd.Args[0] = st.argv0
	}
	cmd.Env = slices.Clip(env)
	for _, v := range st.env {
		cmd.Env = append(cmd.Env, r.word(v))
	}
	cmd.Dir = r.work
	cmd.Stdin = strings.NewReader(st.stdin)
	if len(st.stdin) <= pipeHolds && runtime.GOOS != "windows" {
		// A pipe that holds all of stdin before the program starts, so
		// that a program asking how many bytes wait there gets the same
		// answer every run.
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer pr.Close()
		_, err = pw.WriteString(st.stdin)
		if cerr := pw.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = pr
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("$ %s: %v", st.line, err)
	}
	what := "$ " + st.line
	if got := cmd.ProcessState.ExitCode(); got != st.status {
		t.Errorf("%s: status %d, want %d\nstdout:\n%s\nstderr:\n%s", what, got, st.status, stdout.String(), stderr.String())
	}
	r.check(what+": stdout", slashes(stdout.String()), st.stdout)
	r.check(what+": stderr", slashes(stderr.String()), st.stderr)
	if st.unchanged {
		if d := DiffSnapshots(before, r.snapshot()); d != "" {
			t.Errorf("%s changed the tree:\n%s", what, d)
		}
	}
	for _, d := range st.dirs {
		var got strings.Builder
		for _, name := range slices.Sorted(maps.Keys(r.list(r.at(d.path)))) {
			got.WriteString(name + "\n")
		}
		r.check(what+": dir "+d.path, got.String(), stream{full: d.data})
	}
	for _, f := range st.files {
		if f.kind == "absent" {
			if _, err := os.Lstat(r.at(f.path)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: %s is there (%v), want nothing", what, f.path, err)
			}
			continue
		}
		data, err := os.ReadFile(r.at(f.path))
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		want := stream{full: f.data}
		switch f.kind {
		case "has":
			want = stream{has: f.fragments}
		case "lacks":
			want = stream{lacks: f.fragments}
		case "matches":
			want = stream{matches: lines(f.data)}
		}
		r.check(what+": "+f.path, string(data), want)
	}
}

// slashes returns s with the system's path separators made slashes.
func slashes(s string) string {
	if runtime.GOOS == "windows" {
		return strings.ReplaceAll(s, `\`, "/")
	}
	return s
}

// at returns the path of the file a step names: relative to the tree,
// unless it is absolute once expanded.
func (r runner) at(name string) string {
	path := r.word(name)
	if !filepath.IsAbs(path) {
		path = filepath.Join(r.work, filepath.FromSlash(path))
	}
	return path
}

// check fails the test unless got, the text named what, is as want says:
// in full, or holding every line of has and none of lacks, each line
// matching its expression of matches.
func (r runner) check(what, got string, want stream) {
	t := r.t
	t.Helper()
	if want.has == nil && want.lacks == nil && want.matches == nil {
		if w := r.text(want.full); got != w {
			t.Errorf("%s (-want +got):\n%s", what, Diff(w, got))
		}
		return
	}
	for _, h := range want.has {
		if !strings.Contains(got, r.text(h)) {
			t.Errorf("%s lacks %q:\n%s", what, r.text(h), got)
		}
	}
	for _, l := range want.lacks {
		if strings.Contains(got, r.text(l)) {
			t.Errorf("%s holds %q:\n%s", what, r.text(l), got)
		}
	}
	if want.matches == nil {
		return
	}
	gotLines := lines(got)
	if got == "" {
		gotLines = nil
	}
	if len(gotLines) != len(want.matches) || !strings.HasSuffix(got, "\n") {
		t.Errorf("%s has %d lines, want %d, each ending in a line break:\n%s", what, len(gotLines), len(want.matches), got)
		return
	}
	for i, m := range want.matches {
		re, err := regexp.Compile(`\A(?:` + r.re(m) + `)\z`)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if !re.MatchString(gotLines[i]) {
			t.Errorf("%s: line %d %q does not match %q", what, i+1, gotLines[i], r.re(m))
		}
	}
}

// list returns everything under dir, dir itself left out, by
// slash-separated path, a directory's with a trailing slash; nothing when
// dir does not exist.
func (r runner) list(dir string) map[string]bool {
	names := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if d.IsDir() {
			rel += "/"
		}
		names[filepath.ToSlash(rel)] = true
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		r.t.Fatal(err)
	}
	return names
}

// snapshot records every entry of the working tree (see Snapshot).
func (r runner) snapshot() map[string]string {
	snap, err := Snapshot(r.work)
	if err != nil {
		r.t.Fatal(err)
	}
	return snap
}

// Snapshot records every entry under dir, by slash path: a directory's
// mode, a file's mode and contents, a link's target. Two equal snapshots
// mean nothing in the tree changed; DiffSnapshots says what did.
func Snapshot(dir string) (map[string]string, error) {
	snap := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		entry := info.Mode().String()
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			entry += " -> " + target
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			entry += " " + string(b)
		}
		snap[filepath.ToSlash(rel)] = entry
		return nil
	})
	return snap, err
}

// DiffSnapshots describes how after differs from before, a line for each
// entry removed, changed or added, or returns "".
func DiffSnapshots(before, after map[string]string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(before)) {
		switch v, ok := after[k]; {
		case !ok:
			fmt.Fprintf(&b, "removed %s\n", k)
		case v != before[k]:
			fmt.Fprintf(&b, "changed %s: %q -> %q\n", k, before[k], v)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(after)) {
		if _, ok := before[k]; !ok {
			fmt.Fprintf(&b, "added %s\n", k)
		}
	}
	return b.String()
}

// must fails the test on an error.
func (r runner) must(err error) {
	r.t.Helper()
	if err != nil {
		r.t.Fatal(err)
	}
}
