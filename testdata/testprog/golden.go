package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// The bundle file-tools is the golden bundle of package toolbundle's tests,
// whose skill is testdata/skills/file-tools: the tools of cmd/file-tools,
// rooted at the working directory, with a hidden tool, rescan, and the
// version v1.2.3. TESTPROG_CHANGE, when set, names one change of it from
// goldenChanges, such as a fault the startup check refuses.
func init() {
	bundles["file-tools"] = func() toolbundle.Bundle {
		g := goldenRaw{filetools.ReadFile("."), filetools.Search("."), goldenRescan()}
		b := toolbundle.Bundle{
			Name:        "file-tools",
			Description: "List, read, search, edit and write files in the working tree. Use when a task needs a file's contents or a change to one.",
			Version:     "v1.2.3",
			Tools: []toolbundle.Tool{
				toolbundle.Use(g.readFile, toolbundle.PreApproved(),
					toolbundle.Example("read_file --path go.mod --offset -20", "The last 20 lines")),
				toolbundle.Use(g.search, toolbundle.PreApproved(),
					toolbundle.Example("search --pattern 'func [A-Z]' --glob '*.go'", "")),
				toolbundle.Use(filetools.WriteFile(".")),
				toolbundle.Use(g.rescan, toolbundle.Hidden()),
				toolbundle.Use(filetools.ListFiles("."), toolbundle.PreApproved(),
					toolbundle.Example("list_files --pattern 'cmd/**/*.go'", "")),
				toolbundle.Use(filetools.EditFile("."),
					toolbundle.Example("edit_file --path a.go --old 'x = 1' --new 'x = 2'", "")),
			},
		}
		if name := os.Getenv("TESTPROG_CHANGE"); name != "" {
			change, ok := goldenChanges[name]
			if !ok {
				fmt.Fprintf(os.Stderr, "testprog: TESTPROG_CHANGE is %q; set it to one of %s\n", name, strings.Join(slices.Sorted(maps.Keys(goldenChanges)), ", "))
				os.Exit(2)
			}
			change(&b, g)
		}
		return b
	}
}

// goldenRaw holds tools of the golden bundle as agenttool tools, for a change
// that takes one with other options.
type goldenRaw struct{ readFile, search, rescan agenttool.Tool }

// goldenRescan returns the golden bundle's hidden tool.
func goldenRescan() agenttool.Tool {
	return agenttool.New("rescan", "Rebuild the index of the working tree.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "rescanned", nil })
}

// nothing returns a tool called name that does nothing.
func nothing(name string) agenttool.Tool {
	return agenttool.New(name, "Do nothing.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil })
}

// withTool puts tool first in the bundle.
func withTool(tool toolbundle.Tool) func(*toolbundle.Bundle, goldenRaw) {
	return func(b *toolbundle.Bundle, _ goldenRaw) { b.Tools = append([]toolbundle.Tool{tool}, b.Tools...) }
}

// withExample gives read_file the one example args.
func withExample(args string) func(*toolbundle.Bundle, goldenRaw) {
	return func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[0] = toolbundle.Use(g.readFile, toolbundle.PreApproved(), toolbundle.Example(args, ""))
	}
}

// withCaption gives read_file one example with the caption.
func withCaption(caption string) func(*toolbundle.Bundle, goldenRaw) {
	return func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[0] = toolbundle.Use(g.readFile, toolbundle.PreApproved(), toolbundle.Example("read_file --path x", caption))
	}
}

// goldenChanges are the changes of the golden bundle TESTPROG_CHANGE
// names. Those of testdata/scripts/startup-refusals.txt are faults the
// startup check refuses; the names "order-..." have two faults each, and
// show which the check reaches first. Those of captions.txt give
// read_file an example with a caption.
var goldenChanges = map[string]func(*toolbundle.Bundle, goldenRaw){
	"no-name":                          func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "" },
	"name-with-a-leading-space":        func(b *toolbundle.Bundle, g goldenRaw) { b.Name = " file-tools" },
	"name-with-a-trailing-space":       func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "file-tools " },
	"name-with-a-trailing-line-break":  func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "file-tools\n" },
	"name-with-a-leading-tab":          func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "\tfile-tools" },
	"description-not-UTF-8":            func(b *toolbundle.Bundle, g goldenRaw) { b.Description = "Read files.\xff" },
	"version-not-UTF-8":                func(b *toolbundle.Bundle, g goldenRaw) { b.Version = "v1.\xfe" },
	"version-with-a-trailing-newline":  func(b *toolbundle.Bundle, g goldenRaw) { b.Version = "v1.2.0\n" },
	"version-with-a-leading-space":     func(b *toolbundle.Bundle, g goldenRaw) { b.Version = " v1" },
	"version-with-a-control-character": func(b *toolbundle.Bundle, g goldenRaw) { b.Version = "v1\x00" },
	"no-tools":                         func(b *toolbundle.Bundle, g goldenRaw) { b.Tools = nil },
	"upper-case-name":                  func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "File-Tools" },
	"doubled-hyphen-in-the-name":       func(b *toolbundle.Bundle, g goldenRaw) { b.Name = "file--tools" },
	"name-of-65-characters":            func(b *toolbundle.Bundle, g goldenRaw) { b.Name = strings.Repeat("a", 65) },
	"empty-description":                func(b *toolbundle.Bundle, g goldenRaw) { b.Description = "" },
	"blank-description":                func(b *toolbundle.Bundle, g goldenRaw) { b.Description = " \n\t" },
	"description-of-1025-characters":   func(b *toolbundle.Bundle, g goldenRaw) { b.Description = strings.Repeat("d", 1025) },
	"instructions-too-long": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Instructions = strings.Repeat("i", toolbundle.MaxInstructions+1)
	},
	"instructions-not-UTF-8":                           func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "Call \xff first." },
	"instructions-with-an-escape":                      func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "First.\nCall \x1b[31mthen." },
	"instructions-with-a-lone-carriage-return":         func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "First.\rThen." },
	"instructions-with-a-title-after-a-tab":            func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "#\tMine" },
	"instructions-with-a-setext-title":                 func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "Then\n===" },
	"instructions-with-a-setext-section":               func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "First.\n\nThen\n--" },
	"instructions-with-a-tilde-fence-hiding-a-heading": func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "~~~\n```\n~~~\n## H\n```" },
	"instructions-with-a-code-span-taken-for-a-fence":  func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "```a```\n## H\n```b```" },
	"instructions-with-a-rule":                         func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "First.\n---\nThen." },
	"instructions-with-a-title":                        func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "# Mine\nFirst." },
	"instructions-with-a-section":                      func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "First.\n\n  ## Then" },
	"instructions-with-an-open-fence":                  func(b *toolbundle.Bundle, g goldenRaw) { b.Instructions = "Run:\n```sh\nfile-tools help" },
	"zero-tool":                                        withTool(toolbundle.Tool{}),
	"nil-tool":                                         withTool(toolbundle.Use(nil)),
	"tool-without-a-name":                              withTool(toolbundle.Use(nothing(""))),
	"tool-named-version":                               withTool(toolbundle.Use(nothing("version"))),
	"tool-named-export-skill":                          withTool(toolbundle.Use(nothing("export-skill"))),
	"tool-named-help":                                  withTool(toolbundle.Use(nothing("help"))),
	"tool-named-schema":                                withTool(toolbundle.Use(nothing("schema"))),
	"tool-named-export-rules":                          withTool(toolbundle.Use(nothing("export-rules"))),
	"hidden-tool-named-help":                           withTool(toolbundle.Use(nothing("help"), toolbundle.Hidden())),
	"tool-named-like-an-option":                        withTool(toolbundle.Use(nothing("-x"))),
	"tool-named-with-a-leading-equals-sign":            withTool(toolbundle.Use(nothing("=x"))),
	"tool-named-with-a-space":                          withTool(toolbundle.Use(nothing("a b"))),
	"tool-named-with-parentheses":                      withTool(toolbundle.Use(nothing("a(b)"))),
	"two-tools-of-one-name": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append(b.Tools, toolbundle.Use(nothing("a")), toolbundle.Use(nothing("a"), toolbundle.Hidden()))
	},
	"caption-with-a-line-break":              withCaption("Read\n```\n"),
	"caption-with-a-line-separator":          withCaption("Read\u2028it"),
	"caption-with-a-control-character":       withCaption("Read\x1b[31m"),
	"caption-opening-a-code-fence":           withCaption(" ```sh"),
	"caption-opening-a-tilde-fence":          withCaption("~~~"),
	"example-with-an-unknown-flag":           withExample("read_file --file x"),
	"example-with-a-bad-integer":             withExample("read_file --max_bytes ten"),
	"example-of-another-command":             withExample("search --pattern x"),
	"example-with-a-program-option":          withExample("--record r read_file --path x"),
	"example-quoting-the-command":            withExample("'read_file' --path x"),
	"example-joining-a-quote-to-the-command": withExample(`read_file"" --path x`),
	"empty-example":                          withExample(""),
	"example-reading-stdin":                  withExample("read_file -"),
	"example-with-a-redirection":             withExample("read_file > out"),
	"example-with-an-expansion":              withExample("read_file --path $HOME"),
	"example-asking-for-help":                withExample("read_file --help"),
	"example-with-bad-JSON":                  withExample("read_file '{path}'"),
	"bad-example-on-a-hidden-tool": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[3] = toolbundle.Use(g.rescan, toolbundle.Hidden(), toolbundle.Example("rescan --x", ""))
	},
	"order-no-name-before-no-tools":         func(b *toolbundle.Bundle, g goldenRaw) { b.Name, b.Tools = "", nil },
	"order-no-tools-before-the-description": func(b *toolbundle.Bundle, g goldenRaw) { b.Tools, b.Description = nil, "" },
	"order-the-sets-rules-before-the-programs-words": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append([]toolbundle.Tool{toolbundle.Use(nothing("help")), toolbundle.Tool{}}, b.Tools...)
	},
	"order-an-earlier-tool-before-a-later-one": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append([]toolbundle.Tool{toolbundle.Use(nothing("help")), toolbundle.Use(nothing("version"))}, b.Tools...)
	},
	"order-the-programs-words-before-the-skills-quoting": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append([]toolbundle.Tool{toolbundle.Use(nothing("a b")), toolbundle.Use(nothing("export-skill"))}, b.Tools...)
	},
	"order-a-nil-tool-before-a-later-name": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append([]toolbundle.Tool{toolbundle.Use(nothing("ok")), {}, toolbundle.Use(nothing("version"))}, b.Tools...)
	},
	"order-a-duplicate-before-a-later-bad-name": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools = append(b.Tools, toolbundle.Use(nothing("read_file")), toolbundle.Use(nothing("-x")))
	},
	"order-tools-before-the-frontmatter": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Name = "File-Tools"
		b.Tools = append(b.Tools, toolbundle.Use(nothing("schema")))
	},
	"order-frontmatter-before-the-examples": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Description = ""
		b.Tools[0] = toolbundle.Use(g.readFile, toolbundle.Example("read_file --file x", ""))
	},
	"order-examples-in-bundle-order": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[0] = toolbundle.Use(g.readFile, toolbundle.Example("read_file --path x", ""), toolbundle.Example("read_file --file x", ""))
		b.Tools[1] = toolbundle.Use(g.search, toolbundle.Example("search --nope x", ""))
	},
	// The changes of check-changes.txt, which --check tells from the skill
	// exported before them, and the one of hidden-pre-approved.txt, which it
	// does not.
	"search-redescribed": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[1] = toolbundle.Use(redescribed{g.search, "Find lines."}, toolbundle.PreApproved(),
			toolbundle.Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", ""))
	},
	"rescan-pre-approved": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[3] = toolbundle.Use(g.rescan, toolbundle.Hidden(), toolbundle.PreApproved())
	},
	"no-version": func(b *toolbundle.Bundle, _ goldenRaw) { b.Version = "" },
	"search-asks": func(b *toolbundle.Bundle, g goldenRaw) {
		b.Tools[1] = toolbundle.Use(g.search, toolbundle.Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", ""))
	},
	// The instructions of instructions.txt, padded as an author may leave
	// them, and those the rules accept.
	"instructions":                          instructions("\n " + instructionsText + "\n"),
	"instructions-full-size":                instructions("\n " + strings.Repeat("i", toolbundle.MaxInstructions) + "\n"),
	"instructions-of-2000-bytes":            instructions(strings.Repeat("Read the notes of each call.\n", 500)[:toolbundle.MaxInstructions]),
	"instructions-of-1000-lines":            instructions(strings.Repeat("x\n", toolbundle.MaxInstructions/2)),
	"instructions-with-nested-fences":       instructions("````\n```\n## not a heading\n```\n````"),
	"instructions-with-fences-of-two-kinds": instructions("~~~\n```\n# not one either\n~~~"),
	"instructions-with-indented-code":       instructions("First:\n\n    ---\n    # code"),
	"instructions-with-a-list":              instructions("### Then\n\n- a\n- b\n\n***"),
	"instructions-with-a-code-block":        instructions("Use `read_file` first.\n\n```sh\nfile-tools read_file --path go.mod\n```"),
	"instructions-with-a-hashtag":           instructions("#hashtag is no heading"),
	"instructions-with-CRLF":                instructions("First.\r\nThen.\r\n"),
	// The descriptions and versions of roundtrip.txt, which hold what YAML
	// gives a meaning to.
	"roundtrip-quotes":                 described(`It's "quoted" text. Use for files.`, "v1"),
	"roundtrip-colon-space":            described("Use when: the user asks about files", "v1: x"),
	"roundtrip-comment-sign":           described("# Files #1 and a #hash", "#1"),
	"roundtrip-padded":                 described("  Read files.\n\t", "v1  beta"),
	"roundtrip-line-breaks":            described("Read files.\nUse for files.\r\nAnd more.", "v1.0"),
	"roundtrip-tab":                    described("Read\tfiles", "v1 tab"),
	"roundtrip-YAML-words":             described("yes", "no"),
	"roundtrip-null-words":             described("null", "~"),
	"roundtrip-numbers":                described("1.0", "0x1F"),
	"roundtrip-date":                   described("2024-01-01", "12:30"),
	"roundtrip-indicators":             described("*star &amp !bang |pipe >gt %pct @at `tick`", "-"),
	"roundtrip-flow":                   described("[a, b] {c: d}", "{}"),
	"roundtrip-non-ASCII":              described("Lire des fichiers: é, 技能, 😀", "v1.0-β"),
	"roundtrip-line-separator":         described("a\u2028b\u0085c", "v\u20281"),
	"roundtrip-byte-order-mark-inside": described("a\ufeffb", "v\ufeff1"),
	"roundtrip-document-markers":       described("--- x\n...\n---", "..."),
	"roundtrip-long":                   described(strings.Repeat("é", 1024), strings.Repeat("9", 300)),
	"caption-empty":                    withCaption(""),
	"caption-a-sentence":               withCaption("Read a file."),
	"caption-code-and-a-tab":           withCaption("Use `--max_bytes` for\ta long file"),
	"caption-non-ASCII-letters":        withCaption("Ünïcode — fine"),
	"caption-a-fence-inside":           withCaption("a ``` in the middle"),
	"caption-line-feed":                withCaption("Two\nlines"),
	"caption-carriage-return":          withCaption("CR\r"),
	"caption-next-line":                withCaption("next line\u0085"),
	"caption-paragraph-separator":      withCaption("paragraph\u2029"),
	"caption-bell":                     withCaption("bell\a"),
	"caption-not-UTF-8":                withCaption("Lat\xedn-1"),
	"caption-backquote-fence":          withCaption("```"),
	"caption-indented-tilde-fence":     withCaption("  ~~~ tilde"),
}

// redescribed is an agenttool.Tool with a replaced description and the
// same hints, so that a skill built from it changes in nothing else.
type redescribed struct {
	agenttool.Tool
	description string
}

func (r redescribed) Description() string { return r.description }

func (r redescribed) Annotations() agenttool.Annotations { return agenttool.AnnotationsOf(r.Tool) }

// instructionsText holds what the rules of instructions allow: a deeper
// heading, and a rule and a heading inside a code block.
const instructionsText = "### First\n\nCall `read_file` before `search`.\n\n```text\n---\n# not a heading here\n```"

// instructions gives the bundle the instructions text.
func instructions(text string) func(*toolbundle.Bundle, goldenRaw) {
	return func(b *toolbundle.Bundle, _ goldenRaw) { b.Instructions = text }
}

// described gives the bundle the description and the version.
func described(description, version string) func(*toolbundle.Bundle, goldenRaw) {
	return func(b *toolbundle.Bundle, _ goldenRaw) { b.Description, b.Version = description, version }
}
