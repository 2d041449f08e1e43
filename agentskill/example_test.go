package agentskill_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"testing/fstest"

	"github.com/agenttool/agentskill"
)

func ExampleParse() {
	src := []byte(`---
name: pdf-processing
description: >
  Extract text and tables from PDF files.
  Use when the user mentions PDFs.
metadata:
  version: "1.0"
---
# PDF processing
`)
	s, err := agentskill.Parse(src)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %q\n", s.Name, s.Description)
	fmt.Println("version", s.Metadata["version"])
	fmt.Printf("body %q\n", s.Body)

	_, err = agentskill.Parse([]byte("---\nname: x\nname: y\n---\n"))
	fmt.Println(err)
	// Output:
	// pdf-processing: "Extract text and tables from PDF files. Use when the user mentions PDFs."
	// version 1.0
	// body "# PDF processing\n"
	// Invalid YAML in frontmatter: line 3: duplicate key "name"
}

func ExampleEncode() {
	s := &agentskill.Skill{
		Name:         "release-notes",
		Description:  "Draft release notes from the git log. Use when: a tag is cut.",
		AllowedTools: "Bash(git log *) Read",
		Metadata:     map[string]string{"version": "2.0", "owner": "docs-team"},
		Body:         "\n# Release notes\n\nRead the log since the last tag.\n",
	}
	out, err := agentskill.Encode(s)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(out))
	// Output:
	// ---
	// name: release-notes
	// description: 'Draft release notes from the git log. Use when: a tag is cut.'
	// allowed-tools: Bash(git log *) Read
	// metadata:
	//   owner: docs-team
	//   version: "2.0"
	// ---
	//
	// # Release notes
	//
	// Read the log since the last tag.
}

func ExampleSkill_Validate() {
	s := &agentskill.Skill{
		DirName:     "pdf",
		Name:        "PDF_Tools",
		Description: "Fill PDF forms.",
		Extra:       map[string]any{"version": int64(2)},
	}
	problems := s.Validate()
	for _, p := range problems {
		fmt.Println(p)
	}
	fmt.Println("has errors:", agentskill.HasErrors(problems))
	// Output:
	// error: Unexpected fields in frontmatter: version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.
	// error: Skill name 'PDF_Tools' must be lowercase
	// error: Skill name 'PDF_Tools' contains invalid characters. Only letters, digits, and hyphens are allowed.
	// error: Directory name 'pdf' must match skill name 'PDF_Tools'
	// has errors: true
}

func ExampleSkill_Portability() {
	s := &agentskill.Skill{Name: "claude-café", Description: "Use <b>bold</b> text."}
	fmt.Println("valid:", s.Validate() == nil)
	for _, p := range s.Portability() {
		fmt.Println(p)
	}
	// Output:
	// valid: true
	// warning: Skill name 'claude-café' is not ASCII; some hosts accept only a-z, 0-9 and hyphens
	// warning: Skill name 'claude-café' contains the reserved word 'claude'; some hosts refuse it
	// warning: Description contains '<' or '>'; some hosts refuse angle brackets
}

func ExampleSkill_Rules() {
	s := &agentskill.Skill{AllowedTools: "Bash(git add *) Edit(./Finance (2024)/**) Read"}
	rules, err := s.Rules()
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rules {
		fmt.Printf("%s %q\n", r.Tool, r.Spec)
	}

	s.AllowedTools = "Bash()"
	_, err = s.Rules()
	fmt.Println(err)
	// Output:
	// Bash "git add *"
	// Edit "./Finance (2024)/**"
	// Read ""
	// allowed-tools token "Bash()": empty specifier
}

func ExampleLoad() {
	fsys := fstest.MapFS{
		"SKILL.md": {Data: []byte("---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody\n")},
	}
	s, err := agentskill.Load(fsys, "skills/pdf")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.DirName, s.Name, s.Validate() == nil)

	s, err = agentskill.Load(fsys, "skills/pdf-tools")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Validate()[0])
	// Output:
	// pdf pdf true
	// error: Directory name 'pdf-tools' must match skill name 'pdf'
}

func ExampleLoadDir() {
	dir, err := os.MkdirTemp("", "skills")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	skillDir := filepath.Join(dir, "pdf")
	if err := os.Mkdir(skillDir, 0o755); err != nil {
		log.Fatal(err)
	}
	file := "---\nname: pdf\ndescription: Fill PDF forms.\nallowed-tools: Read\n---\n# PDF\n"
	if err := os.WriteFile(filepath.Join(skillDir, "SKILL.md"), []byte(file), 0o644); err != nil {
		log.Fatal(err)
	}

	s, err := agentskill.LoadDir(skillDir)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s in %s: %d problems\n", s.Name, s.DirName, len(s.Validate()))

	_, err = agentskill.LoadDir(dir)
	fmt.Println(err)
	// Output:
	// pdf in pdf: 0 problems
	// Missing required file: SKILL.md
}
