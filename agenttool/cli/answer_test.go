package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestQuestionDigest pins the digest to its definition: the values were
// computed apart from the code, with sha256sum over the length-prefixed
// message, schema and URL.
func TestQuestionDigest(t *testing.T) {
	tests := []struct {
		q    agenttool.Elicitation
		want string
	}{
		{agenttool.Elicitation{Message: "Delete a.txt?"}, "46596e608b42"},
		{agenttool.Elicitation{Message: "Form?", Schema: json.RawMessage(`{"type":"object"}`)}, "875f8a356686"},
		{agenttool.Elicitation{Message: "Log in", URL: "https://example.com/login"}, "d93d2258a43c"},
		{agenttool.Elicitation{}, "63cab8e921e4"},
	}
	for _, tt := range tests {
		if got := questionDigest(tt.q); got != tt.want {
			t.Errorf("questionDigest(%+v) = %s, want %s", tt.q, got, tt.want)
		}
	}
	// Each part counts on its own: moving bytes between parts, or changing
	// the schema's spacing, gives another digest.
	same := []agenttool.Elicitation{
		{Message: "ab"},
		{Message: "a", URL: "b"},
		{Message: "a", Schema: json.RawMessage("b")},
		{Message: "Form?", Schema: json.RawMessage(`{"type": "object"}`)},
		{Message: "Form?", Schema: json.RawMessage(`{"type":"object"}`)},
	}
	seen := map[string]int{}
	for i, q := range same {
		d := questionDigest(q)
		if j, ok := seen[d]; ok {
			t.Errorf("questions %d and %d share the digest %s", j, i, d)
		}
		seen[d] = i
		if !isDigest(d) {
			t.Errorf("digest %q is not 12 lowercase hex digits", d)
		}
	}
}

// TestParseReply checks the values --answer takes, bound to a digest or
// not, and that the digest is split off at the last @ only.
func TestParseReply(t *testing.T) {
	const d = "0123456789ab"
	tests := []struct {
		value   string
		action  agenttool.Action
		content string
		digest  string
	}{
		{"accept", agenttool.ActionAccept, "", ""},
		{"decline@" + d, agenttool.ActionDecline, "", d},
		{"cancel@" + d, agenttool.ActionCancel, "", d},
		{`{"email":"a@b.c"}`, agenttool.ActionAccept, `{"email":"a@b.c"}`, ""},
		{`{"email":"a@b.c"}@` + d, agenttool.ActionAccept, `{"email":"a@b.c"}`, d},
		{`{"tag":"x@` + d + `"}`, agenttool.ActionAccept, `{"tag":"x@` + d + `"}`, ""},
		{` {"a": 1} @` + d, agenttool.ActionAccept, `{"a": 1}`, d},
	}
	for _, tt := range tests {
		r, err := parseReply(tt.value)
		if err != nil || r.answer.Action != tt.action || string(r.answer.Content) != tt.content || r.digest != tt.digest {
			t.Errorf("parseReply(%q) = %+v, %v; want %s %q bound to %q", tt.value, r, err, tt.action, tt.content, tt.digest)
		}
	}
}

// TestMalformedReply checks that an --answer value that is neither an
// answer nor an answer followed by @ and a digest is refused with status
// 2, naming the value and what was expected, before the tool runs.
func TestMalformedReply(t *testing.T) {
	const digestWanted = "after the last @ comes the digest of the question answered, 12 lowercase hex digits as in its JSON's \"digest\""
	const answerWanted = "expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest"
	tests := []struct {
		value, msg string
	}{
		{"accept@", `"accept@": ` + digestWanted + `, got ""`},
		{"accept@0123456789AB", `"accept@0123456789AB": ` + digestWanted + `, got "0123456789AB"`},
		{"accept@0123456789a", `"accept@0123456789a": ` + digestWanted + `, got "0123456789a"`},
		{"accept@0123456789abc", `"accept@0123456789abc": ` + digestWanted + `, got "0123456789abc"`},
		{"decline@0123456789ag", `"decline@0123456789ag": ` + digestWanted + `, got "0123456789ag"`},
		{"accept@0123456789ab ", `"accept@0123456789ab ": ` + digestWanted + `, got "0123456789ab "`},
		{`{"a":1}@x`, `"{\"a\":1}@x": ` + digestWanted + `, got "x"`},
		{"yes@0123456789ab", answerWanted + `, got "yes@0123456789ab"`},
		{"@0123456789ab", answerWanted + `, got "@0123456789ab"`},
		{"accept @0123456789ab", answerWanted + `, got "accept @0123456789ab"`},
		{"accept@0123456789ab@0123456789ab", answerWanted + `, got "accept@0123456789ab@0123456789ab"`},
		{`{"a":@0123456789ab`, answerWanted + `, got "{\"a\":@0123456789ab"`},
		{"[1]@0123456789ab", answerWanted + `, got "[1]@0123456789ab"`},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			var s spy
			got := run(t, s.wrap(fixtures()), "", "--answer", tt.value, "delete")
			want := "kit: --answer: " + tt.msg + "\nRun `kit help` for usage.\n"
			if got.status != ExitUsage || got.stdout != "" || got.stderr != want {
				t.Errorf("got\n%v\nwant status 2 and stderr %q", got, want)
			}
			if len(s.ran()) != 0 {
				t.Error("the tool ran")
			}
		})
	}
}

// prune returns a tool that deletes the files under its dir argument whose
// names match its pattern, after asking about exactly those files.
func prune() agenttool.Tool {
	type pruneArgs struct {
		Dir     string `json:"dir"`
		Pattern string `json:"pattern"`
	}
	return agenttool.New("prune", "Delete matching files after asking.", func(ctx context.Context, a pruneArgs) (string, error) {
		var files []string
		var size int64
		err := filepath.WalkDir(a.Dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ok, _ := filepath.Match(a.Pattern, d.Name()); ok {
				info, err := d.Info()
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(a.Dir, path)
				files, size = append(files, filepath.ToSlash(rel)), size+info.Size()
			}
			return nil
		})
		if err != nil {
			return "", err
		}
		slices.Sort(files)
		answer, err := ask(ctx, agenttool.Elicitation{Message: fmt.Sprintf("Delete %d files (%d bytes) matching %s? %s",
			len(files), size, a.Pattern, strings.Join(files, ", "))})
		if err != nil {
			return "", err
		}
		if answer.Action != agenttool.ActionAccept {
			return "", fmt.Errorf("nothing deleted: the user did not confirm")
		}
		for _, f := range files {
			if err := os.Remove(filepath.Join(a.Dir, filepath.FromSlash(f))); err != nil {
				return "", err
			}
		}
		return fmt.Sprintf("deleted %d files (%d bytes): %s", len(files), size, strings.Join(files, " ")), nil
	}, agenttool.WithAnnotations(agenttool.Annotations{Destructive: true}))
}

// question is the status-3 JSON of a run, decoded.
type question struct {
	Message      string          `json:"message"`
	Schema       json.RawMessage `json:"schema"`
	Digest       string          `json:"digest"`
	AnswersGiven int             `json:"answers_given"`
	Error        string          `json:"error"`
}

// questionOf decodes the status-3 JSON of got.
func questionOf(t *testing.T, got result) question {
	t.Helper()
	var q question
	if got.status != ExitNeedsAnswer {
		t.Fatalf("got\n%v\nwant status 3", got)
	}
	if err := json.Unmarshal([]byte(got.stdout), &q); err != nil || !isDigest(q.Digest) {
		t.Fatalf("stdout %q is no question with a digest: %v", got.stdout, err)
	}
	return q
}

// TestBoundAnswerAfterChange runs the sequence of issue 25: a question,
// the world changed, the answer bound to the question shown refused with
// status 3 and nothing deleted, then the answer bound to the new question
// deleting what that question named.
func TestBoundAnswerAfterChange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.log", "aaa")
	write("sub/d.log", "ddd")
	write("keep.txt", "k")
	call := []string{"prune", "--dir", dir, "--pattern", "*.log"}
	left := func() []string {
		t.Helper()
		var names []string
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, path)
				names = append(names, filepath.ToSlash(rel))
			}
			return err
		})
		slices.Sort(names)
		return names
	}
	all := []string{"a.log", "important.log", "keep.txt", "sub/d.log"}

	first := questionOf(t, run(t, agenttool.Set{prune()}, "", call...))
	if first.Message != "Delete 2 files (6 bytes) matching *.log? a.log, sub/d.log" || first.AnswersGiven != 0 {
		t.Fatalf("first question %+v", first)
	}
	write("important.log", "important")

	stale := run(t, agenttool.Set{prune()}, "", append([]string{"--answer", "accept@" + first.Digest}, call...)...)
	second := questionOf(t, stale)
	if second.Message != "Delete 3 files (15 bytes) matching *.log? a.log, important.log, sub/d.log" || second.Digest == first.Digest ||
		second.AnswersGiven != 0 || second.Error != "nothing deleted: the user did not confirm" {
		t.Errorf("the question after the change %+v", second)
	}
	changed := "kit: the question changed since the answer was given: --answer number 1 is bound to the digest " + first.Digest +
		", the question asked has the digest " + second.Digest + "; nothing was answered\n"
	hint := "kit: the tool asked a question nobody answered and was told it was cancelled; to answer it, ask the user, " +
		"then run the same call again with --answer accept@" + second.Digest + " or --answer decline@" + second.Digest + " before the command\n"
	if stale.stderr != changed+hint {
		t.Errorf("stderr %q, want %q", stale.stderr, changed+hint)
	}
	if got := left(); !slices.Equal(got, all) {
		t.Fatalf("after the stale answer the directory holds %q, want %q", got, all)
	}

	plain := run(t, agenttool.Set{prune()}, "", append([]string{"--answer", "decline"}, call...)...)
	if plain.status != ExitFailed || !slices.Equal(left(), all) {
		t.Errorf("an unbound decline:\n%v", plain)
	}

	done := run(t, agenttool.Set{prune()}, "", append([]string{"--answer", "accept@" + second.Digest}, call...)...)
	if done.status != ExitOK || done.stdout != "deleted 3 files (15 bytes): a.log important.log sub/d.log\n" || done.stderr != "" {
		t.Errorf("the answer bound to the new question:\n%v", done)
	}
	if got := left(); !slices.Equal(got, []string{"keep.txt"}) {
		t.Errorf("the directory holds %q, want only keep.txt", got)
	}
}

// TestBoundAnswers checks the two questions of the delete fixture, a
// confirmation and then a form, answered by values bound to their
// digests: both matching, the second changed, the first changed.
func TestBoundAnswers(t *testing.T) {
	confirm := questionDigest(agenttool.Elicitation{Message: "Delete the branch?"})
	form := questionDigest(agenttool.Elicitation{Message: "Why?", Schema: json.RawMessage(whySchema)})
	const other = "0123456789ab"
	tests := []struct {
		name    string
		answers []string
		status  int
		stdout  string // exact for status 0, else the question's message
		given   int
		changed string // the stale digest stderr names, if any
	}{
		{"both bound", []string{"accept@" + confirm, `{"reason":"merged"}@` + form}, ExitOK, "deleted: {\"reason\":\"merged\"}\n", 0, ""},
		{"a form holding @", []string{"accept@" + confirm, `{"reason":"ask a@b.c"}@` + form}, ExitOK, "deleted: {\"reason\":\"ask a@b.c\"}\n", 0, ""},
		{"bound then plain", []string{"accept@" + confirm, `{"reason":"r"}`}, ExitOK, "deleted: {\"reason\":\"r\"}\n", 0, ""},
		{"the form changed", []string{"accept@" + confirm, `{"reason":"merged"}@` + other}, ExitNeedsAnswer, "Why?", 1, other},
		{"the confirmation changed", []string{"accept@" + other, `{"reason":"merged"}@` + form}, ExitNeedsAnswer, "Delete the branch?", 0, other},
		{"bound to the other question", []string{"accept@" + form}, ExitNeedsAnswer, "Delete the branch?", 0, form},
		{"declined bound", []string{"decline@" + confirm, `{"reason":"unused"}@` + form}, ExitOK, "kept\n", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []string
			for _, a := range tt.answers {
				args = append(args, "--answer", a)
			}
			got := run(t, fixtures(), "", append(args, "delete")...)
			if tt.status == ExitOK {
				if got.status != ExitOK || got.stdout != tt.stdout {
					t.Errorf("got\n%v\nwant status 0, stdout %q", got, tt.stdout)
				}
				return
			}
			q := questionOf(t, got)
			if q.Message != tt.stdout || q.AnswersGiven != tt.given {
				t.Errorf("question %+v, want %q after %d answers", q, tt.stdout, tt.given)
			}
			if want := "bound to the digest " + tt.changed + ", the question asked has the digest " + q.Digest + "; nothing was answered"; !strings.Contains(got.stderr, want) {
				t.Errorf("stderr %q lacks %q", got.stderr, want)
			}
			if q.Schema != nil && !strings.Contains(got.stderr, "--answer '<json object>@"+q.Digest+"' holding the form's values") {
				t.Errorf("stderr %q does not show the form's bound answer", got.stderr)
			}
			if tt.given > 0 && !strings.Contains(got.stderr, " with --answer accept@"+confirm+" (the answers given so far, in their order) and then --answer ") {
				t.Errorf("stderr %q does not give the first answer, bound", got.stderr)
			}
		})
	}
	// The unused answers of a call that ended on a question are not
	// reported as unused: the call is to run again with them.
	got := run(t, fixtures(), "", "--answer", "accept@"+other, "--answer", "accept", "delete")
	if strings.Contains(got.stderr, "not used") {
		t.Errorf("stderr %q", got.stderr)
	}
}

// TestAskEndOfInput checks that --ask with a stdin that ends asks nothing
// more and ends with the question it could not put, with status 3, as
// without --ask: the tool was told cancel, not that a person answered.
func TestAskEndOfInput(t *testing.T) {
	confirm := questionDigest(agenttool.Elicitation{Message: "Delete the branch?"})
	form := questionDigest(agenttool.Elicitation{Message: "Why?", Schema: json.RawMessage(whySchema)})
	tests := []struct {
		name    string
		args    []string
		stdin   string
		message string
		digest  string
		shown   string // the prompt's text on stderr
	}{
		{"closed at once", []string{"--ask", "delete"}, "", "Delete the branch?", confirm,
			"Delete the branch?\n(digest " + confirm + ")\nContinue? [y/N] "},
		{"closed at the second question", []string{"--ask", "delete"}, "y\n", "Why?", form,
			"Delete the branch?\n(digest " + confirm + ")\nContinue? [y/N] Why?\n(digest " + form + ")\nreason (string): "},
		{"closed in the middle of a form", []string{"--ask", "--answer", "accept", "delete"}, "", "Why?", form,
			"Why?\n(digest " + form + ")\nreason (string): "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, fixtures(), tt.stdin, tt.args...)
			q := questionOf(t, got)
			if q.Message != tt.message || q.Digest != tt.digest {
				t.Errorf("question %+v, want %q with digest %s", q, tt.message, tt.digest)
			}
			if !strings.HasPrefix(got.stderr, tt.shown+"kit: the tool asked a question nobody answered") {
				t.Errorf("stderr %q, want the prompt %q and then the status-3 hint", got.stderr, tt.shown)
			}
		})
	}
}

// TestKeptAnswersHint checks that the status-3 hint gives the answers
// the next run keeps, bound to their questions, before the new one.
func TestKeptAnswersHint(t *testing.T) {
	tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
		for _, m := range []string{"one", "two", "three"} {
			if _, err := ask(ctx, agenttool.Elicitation{Message: m}); err != nil {
				return agenttool.Result{}, err
			}
		}
		return agenttool.Text("asked"), nil
	})
	tests := []struct {
		answers []string
		message string
		end     string
	}{
		{nil, "one", ""},
		{[]string{"accept"}, "two", "--answer accept@" + questionDigest(agenttool.Elicitation{Message: "one"}) +
			" (the answers given so far, in their order) and then "},
		{[]string{"accept", "decline@" + questionDigest(agenttool.Elicitation{Message: "two"})}, "three",
			"--answer accept@" + questionDigest(agenttool.Elicitation{Message: "one"}) +
				" --answer decline@" + questionDigest(agenttool.Elicitation{Message: "two"}) +
				" (the answers given so far, in their order) and then "},
	}
	for _, tt := range tests {
		var args []string
		for _, a := range tt.answers {
			args = append(args, "--answer", a)
		}
		got := run(t, agenttool.Set{tool}, "", append(args, "q")...)
		d := questionDigest(agenttool.Elicitation{Message: tt.message})
		want := "kit: the tool asked a question nobody answered and was told it was cancelled; to answer it, ask the user, " +
			"then run the same call again with " + tt.end + "--answer accept@" + d + " or --answer decline@" + d + " before the command\n"
		if q := questionOf(t, got); q.Message != tt.message || got.stderr != want {
			t.Errorf("after %q: question %q, stderr %q; want %q", tt.answers, q.Message, got.stderr, want)
		}
	}
}
