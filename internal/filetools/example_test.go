package filetools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// exampleTree makes a temporary working tree holding files and returns its
// directory and a function that removes it.
func exampleTree(files map[string]string) (string, func()) {
	dir, err := os.MkdirTemp("", "filetools-example")
	if err != nil {
		log.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	return dir, func() { os.RemoveAll(dir) }
}

// call runs tool with args and prints its output, or its error, as a
// runner would: an exact text as it is, then each note on a line.
func call(ctx context.Context, tool agenttool.Tool, args string) {
	res, err := tool.Execute(ctx, agenttool.Call{Args: json.RawMessage(args)})
	if err != nil {
		fmt.Println(agenttool.ErrorResult(err).Output.String())
		return
	}
	// A long piece of a file comes as a body, read from the file as it is
	// printed; the runner closes it.
	if res.Output.Body != nil {
		defer res.Output.Body.Close()
	}
	for _, p := range res.Output.Parts {
		if f, ok := p.(agenttool.FilePart); ok {
			fmt.Printf("file part %s, %.22s…\n", f.Filename, f.Data)
		}
	}
	switch {
	case res.Output.Parts != nil:
	case res.Output.Exact:
		fmt.Print(res.Output.String())
	default:
		fmt.Println(strings.TrimSuffix(res.Output.String(), "\n"))
	}
	for _, n := range res.Output.Notes {
		fmt.Println(agenttool.NotePrefix + n)
	}
}

func ExampleReadFile() {
	dir, remove := exampleTree(map[string]string{
		"notes.txt": "first line\nsecond line\n",
		"logo.png":  "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
	})
	defer remove()
	read := filetools.ReadFile(dir)
	ctx := context.Background()

	call(ctx, read, `{"path":"notes.txt"}`)
	call(ctx, read, `{"path":"notes.txt","limit":1}`)
	call(ctx, read, `{"path":"notes.txt","offset":2,"limit":1}`)
	call(ctx, read, `{"path":"logo.png"}`)
	call(ctx, read, `{"path":"../notes.txt"}`)
	// Output:
	// first line
	// second line
	// first line
	// note: lines 1-1 of 2 lines shown (bytes 1-11 of 23); next: --offset 2 --limit 1
	// second line
	// note: lines 2-2 of 2 lines shown (bytes 12-23 of 23), the end of the file
	// file part logo.png, data:image/png;base64,…
	// note: the file is not text (image/png, 16 bytes), so it was saved instead of shown
	// Error: path "../notes.txt" is outside the working tree
}

func ExampleSearch() {
	dir, remove := exampleTree(map[string]string{
		"cmd/main.go":      "package main\n\nfunc main() {}\n",
		"internal/x/x.go":  "package x\n\nfunc Exported() {}\nfunc unexported() {}\n",
		".git/HEAD":        "func Hidden() {}\n",
		"internal/x/x.bin": "func Binary() {}\x00",
	})
	defer remove()
	search := filetools.Search(dir)
	ctx := context.Background()

	call(ctx, search, `{"pattern":"func [A-Z]"}`)
	call(ctx, search, `{"pattern":"func","paths":["cmd"]}`)
	call(ctx, search, `{"pattern":"nothing like this"}`)
	// Output:
	// internal/x/x.go:3:func Exported() {}
	// note: 1 match in 1 file
	// note: not searched: 1 file not text (internal/x/x.bin)
	// cmd/main.go:3:func main() {}
	// note: 1 match in 1 file
	// note: no matches
	// note: not searched: 1 file not text (internal/x/x.bin)
}

func ExampleWriteFile() {
	dir, remove := exampleTree(map[string]string{"notes.txt": "old\n"})
	defer remove()
	write := filetools.WriteFile(dir)
	ctx := context.Background()

	call(ctx, write, `{"path":"docs/new.txt","content":"one line\n"}`)
	// Without an elicitor on the context nobody can confirm a replacement.
	call(ctx, write, `{"path":"notes.txt","content":"new\n"}`)
	// With one, the question is asked and the answer obeyed.
	yes := agenttool.ContextWithElicitor(ctx, func(_ context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		fmt.Println("asked:", q.Message)
		return agenttool.Answer{Action: agenttool.ActionAccept}, nil
	})
	call(yes, write, `{"path":"notes.txt","content":"new\n"}`)
	call(ctx, write, `{"path":"notes.txt","content":"newer\n","replace":true}`)
	// Output:
	// wrote docs/new.txt (9 bytes)
	// Error: not replaced: "notes.txt" exists; nobody confirmed the replacement
	// asked: Replace notes.txt (4 bytes, sha256 01d09d19) with 4 bytes (sha256 7aa7a535)?
	// wrote notes.txt (4 bytes)
	// wrote notes.txt (6 bytes)
}

func ExampleListFiles() {
	dir, remove := exampleTree(map[string]string{
		".gitignore":      "*.log\n",
		"cmd/main.go":     "package main\n",
		"internal/x/x.go": "package x\n",
		"internal/x/x.md": "# x\n",
		"run.log":         "",
	})
	defer remove()
	list := filetools.ListFiles(dir)
	ctx := context.Background()

	call(ctx, list, `{}`)
	call(ctx, list, `{"pattern":"**/*.go"}`)
	call(ctx, list, `{"path":"internal/x","limit":1}`)
	// Output:
	// .gitignore
	// cmd/
	// internal/
	// note: 3 entries
	// note: left out, as .git or by .gitignore: 1 entry (run.log); --path lists a directory of them, read_file reads a file
	// cmd/main.go
	// internal/x/x.go
	// note: 2 files
	// internal/x/x.go
	// note: 1 of 2 entries shown; --limit 2 shows all, a narrower --path or --pattern fewer
}

func ExampleEditFile() {
	dir, remove := exampleTree(map[string]string{"main.go": "package main\n\nconst x = 1\nconst y = 1\n"})
	defer remove()
	edit := filetools.EditFile(dir)
	ctx := context.Background()

	call(ctx, edit, `{"path":"main.go","old":"x = 1","new":"x = 2"}`)
	call(ctx, edit, `{"path":"main.go","old":"= ","new":"= -"}`)
	call(ctx, edit, `{"path":"main.go","old":"= ","new":"= -","all":true}`)
	// Output:
	// replaced 1 occurrence at line 3
	// Error: path "main.go": --old occurs 2 times, at lines 3 and 4; give more of the text around it to pick one, or --all to replace every one
	// replaced 2 occurrences at lines 3 and 4
}
