// Command file-tools lists, reads, searches, edits and writes files in the
// working tree, one tool call per run, and exports the Agent Skill that
// teaches a model to call it. It is the example program of package toolbundle:
//
//	file-tools read_file --path go.mod
//	file-tools export-skill ~/.claude/skills
//
// Its tools are those of internal/filetools, rooted at the working directory.
package main

import (
	"context"
	"os"

	"github.com/agenttool/toolbundle"
	"github.com/agenttool/toolbundle/internal/filetools"
)

func main() {
	os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
		Name:        "file-tools",
		Description: "List, read, search, edit and write files in the working tree. Use when a task needs a file's contents or a change to one.",
		Tools: []toolbundle.Tool{
			toolbundle.Use(filetools.ReadFile("."), toolbundle.PreApproved(),
				toolbundle.Example("read_file --path go.mod --offset -20", "The last 20 lines")),
			toolbundle.Use(filetools.Search("."), toolbundle.PreApproved(),
				toolbundle.Example("search --pattern 'func [A-Z]' --glob '*.go'", "")),
			toolbundle.Use(filetools.WriteFile(".")),
			toolbundle.Use(filetools.ListFiles("."), toolbundle.PreApproved(),
				toolbundle.Example("list_files --pattern 'cmd/**/*.go'", "")),
			toolbundle.Use(filetools.EditFile("."),
				toolbundle.Example("edit_file --path a.go --old 'x = 1' --new 'x = 2'", "")),
		},
	}, os.Args))
}
