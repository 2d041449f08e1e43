// The tests in this file run write_file calls against each other.

package filetools_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agenttool/toolbundle/internal/filetools"
)

// TestWriteFileCreateRace starts two calls creating the same new file at
// the same moment, many times over. Exactly one may win each time: the
// other must be refused, and the file must hold the winner's content. A
// check followed by a rename let both succeed in about 3 % of tries.
func TestWriteFileCreateRace(t *testing.T) {
	tries := 1000
	if testing.Short() {
		tries = 100
	}
	// The loser is refused either at the last step or, when the winner
	// was done before it looked, at the first.
	refusals := []string{
		"not written: \"f.txt\" appeared while it was being written; run the call again to be asked about replacing it",
		"not replaced: \"f.txt\" exists; nobody confirmed the replacement",
	}
	for i := range tries {
		dir := t.TempDir()
		write := filetools.WriteFile(dir)
		var (
			start sync.WaitGroup
			done  sync.WaitGroup
			errs  [2]error
		)
		start.Add(1)
		for j, content := range []string{"A", "B"} {
			done.Go(func() {
				start.Wait()
				_, errs[j] = run(t.Context(), write, fmt.Sprintf(`{"path":"f.txt","content":%q}`, content))
			})
		}
		start.Done()
		done.Wait()
		var won []string
		for j, err := range errs {
			switch {
			case err == nil:
				won = append(won, []string{"A", "B"}[j])
			case !slices.Contains(refusals, err.Error()):
				t.Fatalf("try %d: error %q, want one of %q", i, err, refusals)
			}
		}
		if len(won) != 1 {
			t.Fatalf("try %d: %d calls succeeded (%s), want exactly one", i, len(won), strings.Join(won, ", "))
		}
		if got := readBack(t, dir, "f.txt"); got != won[0] {
			t.Fatalf("try %d: f.txt holds %q, want the winner's %q", i, got, won[0])
		}
		if left := tmpFiles(t, dir); len(left) != 0 {
			t.Fatalf("try %d: temporary files left: %q", i, left)
		}
	}
}
