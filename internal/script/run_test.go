package script

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestMain makes the test binary the program the scripts of these tests
// run, when SCRIPT_TEST_PROGRAM is set: see program.
func TestMain(m *testing.M) {
	if os.Getenv("SCRIPT_TEST_PROGRAM") != "" {
		os.Exit(program(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// program runs args as commands, each a word and its operands: out and err
// print an operand and a line break on stdout or stderr, cat copies stdin
// to stdout, argv0 prints the name the program runs as, getenv a variable,
// write writes its second operand to the file its first names, and exit
// ends with a status.
func program(args []string) int {
	for len(args) > 0 {
		cmd, rest := args[0], args[1:]
		switch cmd {
		case "out":
			fmt.Println(rest[0])
		case "err":
			fmt.Fprintln(os.Stderr, rest[0])
		case "cat":
			io.Copy(os.Stdout, os.Stdin)
		case "argv0":
			fmt.Println(os.Args[0])
		case "getenv":
			fmt.Println(os.Getenv(rest[0]))
		case "write":
			if err := os.WriteFile(rest[0], []byte(rest[1]), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			rest = rest[1:]
		case "exit":
			n, _ := strconv.Atoi(rest[0])
			return n
		default:
			fmt.Fprintf(os.Stderr, "unknown command %q\n", cmd)
			return 2
		}
		if cmd != "cat" && cmd != "argv0" {
			rest = rest[1:]
		}
		args = rest
	}
	return 0
}

// testProgram returns the program of these tests.
func testProgram(t *testing.T) Program {
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no path of the test binary: %v", err)
	}
	return Program{Path: exe, Env: []string{"SCRIPT_TEST_PROGRAM=1", "GREETING=hi"}, Vars: map[string]string{"$HERE": t.TempDir()}}
}

// recorder is a test that keeps its failures instead of reporting them.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) {
	r.errs = append(r.errs, fmt.Sprint(args...))
	runtime.Goexit()
}

// run runs the script text with the test program and returns its failures.
func run(t *testing.T, text string) []string {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(r, testProgram(t))
	}()
	<-done
	return r.errs
}

// TestRun runs a script that uses every section and passes.
func TestRun(t *testing.T) {
	t.Parallel()
	const text = `# Every check holds.
-- data.txt --
hello
-- logo.bin (quoted) --
"\x89PNG\r\n"
"\x1a\n"
-- empty/ --
-- $ out one err two --
-- stdout --
one
-- stderr --
two
-- tree unchanged --
-- $ "out" "a\tb" (quoted) --
-- stdout (quoted) --
"a\tb\n"
-- $ out 'a b' out c --
-- stdout has (quoted) --
"a b\nc"
"b"
-- $ cat --
-- stdin (no newline) --
piped
-- stdout (no newline) --
piped
-- $ argv0 getenv GREETING exit 3 --
-- argv0 renamed --
-- status 3 --
-- stdout has --
renamed
hi
-- stdout lacks --
bye
-- stdout matches --
renamed
h.
-- $ "write" "$WORK/new.txt" "$TMP and $HERE\n" "out" "$WORK" (quoted) --
-- stdout matches --
$WORK
-- file new.txt --
$TMP and $HERE
-- file $WORK/new.txt matches --
\$TMP and .*
-- file new.txt has --
and
-- file new.txt has (quoted) --
" and "
-- file new.txt lacks --
$WORK
-- file gone.txt absent --
-- $ getenv GREETING getenv EXTRA --
-- env GREETING=hello --
-- env EXTRA=$WORK x --
-- stdout --
hello
$WORK x
-- file logo.bin (quoted) --
"\x89PNG\r\n\x1a\n"
-- dir . --
data.txt
empty/
logo.bin
new.txt
-- dir missing --
-- $ write '$TMP/t.txt' x --
-- tree unchanged --
-- dir $TMP --
t.txt
`
	if errs := run(t, text); errs != nil {
		t.Errorf("the script failed:\n%s", strings.Join(errs, "\n"))
	}
}

// TestRunFails runs scripts that each expect something the program does
// not do, and checks that the run fails, saying what differs.
func TestRunFails(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, text, err string
	}{
		{"status", "-- $ exit 3 --\n", "$ exit 3: status 3, want 0"},
		{"stdout in full", "-- $ out a --\n-- stdout --\nb\n", "$ out a: stdout (-want +got):\n-b\n+a\n"},
		{"stderr left empty", "-- $ err a --\n", "$ err a: stderr (-want +got):\n+a\n"},
		{"a fragment missing", "-- $ out abc --\n-- stdout has --\nabc\nd\n", `$ out abc: stdout lacks "d":`},
		{"a fragment over lines", "-- $ out a out x out b --\n-- stdout has (quoted) --\n\"a\\nb\"\n", `$ out a out x out b: stdout lacks "a\nb":`},
		{"a fragment present", "-- $ err abc --\n-- stderr lacks --\nb\n", `$ err abc: stderr holds "b":`},
		{"a line too many", "-- $ out a out b --\n-- stdout matches --\na\n", "$ out a out b: stdout has 2 lines, want 1"},
		{"no lines at all", "-- $ --\n-- stdout matches --\n.*\n", "$ : stdout has 0 lines, want 1"},
		{"a line that does not match", "-- $ out ab --\n-- stdout matches --\na\n", `$ out ab: stdout: line 1 "ab" does not match "a"`},
		{"a placeholder in an expression is literal", "-- $ out x --\n-- stdout matches --\n$WORK|x.\n", `$ out x: stdout: line 1 "x" does not match`},
		{"a file's contents", "-- $ write f.txt a --\n-- file f.txt --\nb\n", "$ write f.txt a: f.txt (-want +got):\n-b\n+a [no newline at the end]\n"},
		{"a file missing", "-- $ --\n-- file f.txt has --\na\n", "$ : open "},
		{"a fragment in a file", "-- $ write f.txt abc --\n-- file f.txt lacks --\nb\n", `$ write f.txt abc: f.txt holds "b":`},
		{"a fragment over a file's lines", "-- f.txt --\na\nx\nb\n-- $ --\n-- file f.txt has (quoted) --\n\"a\\nb\"\n", `$ : f.txt lacks "a\nb":`},
		{"an environment a step does not set", "-- $ getenv GREETING --\n-- env GREETING=bye --\n-- stdout --\nhi\n", "$ getenv GREETING: stdout (-want +got):\n-hi\n+bye\n"},
		{"a file that is there", "-- f.txt --\na\n-- $ --\n-- file f.txt absent --\n", "$ : f.txt is there (<nil>), want nothing"},
		{"a file's lines", "-- $ write f.txt a --\n-- file f.txt matches --\na\n", "$ write f.txt a: f.txt has 1 lines, want 1, each ending in a line break"},
		{"a directory's entries", "-- d/ --\n-- $ --\n-- dir . --\n", "$ : dir . (-want +got):\n+d/\n"},
		{"a changed tree", "-- f.txt --\na\n-- $ write f.txt b --\n-- tree unchanged --\n", "$ write f.txt b changed the tree:\nchanged f.txt: "},
		{"a new file in the tree", "-- $ write g.txt b --\n-- tree unchanged --\n", "$ write g.txt b changed the tree:\nadded g.txt\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			errs := run(t, tt.text)
			for _, e := range errs {
				if strings.Contains(e, tt.err) {
					return
				}
			}
			t.Errorf("the failures are %q, want one holding %q", errs, tt.err)
		})
	}
}
