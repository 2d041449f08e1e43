package toolbundle

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalDuringSetWrite exports testprog's 200-tool skill, SKILL.md and
// 200 references, with --force over its one-tool skill, a single SKILL.md,
// as a real process, and sends it SIGINT or SIGTERM after a delay from none
// to about the length of the export. Whenever the signal lands, the
// directory afterwards holds the old skill or the whole new one, and no
// temporary or backup file: the process either wrote the new set (status
// 0), stopped before putting anything in place (status 1, interrupted), or
// was ended by the signal before it touched the file system.
func TestSignalDuringSetWrite(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	run := func(bundle string, args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE="+bundle)
		return cmd
	}
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		for _, delay := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond, 150 * time.Millisecond} {
			t.Run(fmt.Sprintf("%v after %v", sig, delay), func(t *testing.T) {
				dir := t.TempDir()
				if out, err := run("small", "export-skill", dir).CombinedOutput(); err != nil {
					t.Fatalf("export of the small skill: %v\n%s", err, out)
				}
				before := tree(t, dir)
				cmd := run("large", "export-skill", "--force", dir)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(delay)
				cmd.Process.Signal(sig) // an error means it has ended already
				err := cmd.Wait()

				t.Logf("ended with %v", err)
				var exit *exec.ExitError
				switch {
				case err == nil:
					check := run("large", "export-skill", "--check", dir)
					if out, err := check.CombinedOutput(); err != nil {
						t.Errorf("status 0, but --check says %v:\n%s", err, out)
					}
				case errors.As(err, &exit) && exit.ExitCode() == 1:
					if want := fmt.Sprintf("export-skill: interrupted: %v signal received; nothing was written\n", sig); !strings.HasSuffix(stderr.String(), want) {
						t.Errorf("status 1 with stderr %q, want it to end %q", stderr.String(), want)
					}
					sameTree(t, dir, before)
				case errors.As(err, &exit) && !exit.Exited():
					// Ended by the signal, before export-skill reached the
					// file system.
					sameTree(t, dir, before)
				default:
					t.Errorf("the export ended with %v; stderr:\n%s", err, stderr.String())
				}
				for name := range tree(t, dir) {
					if base := filepath.Base(name); strings.HasPrefix(base, ".") {
						t.Errorf("%s is left", name)
					}
				}
			})
		}
	}
}
