package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestAnswerRoundTrip(t *testing.T) {
	first := run(t, fixtures(), "", "delete")
	if first.status != ExitNeedsAnswer || !strings.Contains(first.stdout, `"answers_given":0`) {
		t.Fatalf("first run:\n%v", first)
	}
	second := run(t, fixtures(), "", "--answer", "accept", "delete")
	if second.status != ExitNeedsAnswer || !strings.Contains(second.stdout, `"answers_given":1`) {
		t.Fatalf("second run:\n%v", second)
	}
	third := run(t, fixtures(), "", "--answer", "accept", "--answer", `{"reason":"done"}`, "delete")
	if third.status != ExitOK || !strings.HasPrefix(third.stdout, "deleted") {
		t.Fatalf("third run:\n%v", third)
	}
}

func TestAsk(t *testing.T) {
	var asked bytes.Buffer
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: Prompt(strings.NewReader("y\n\nmerged\n7\n"), &asked),
		Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"delete"}); status != ExitOK {
		t.Fatalf("status %d\n%s", status, stderr.String())
	}
	content, ok := strings.CutPrefix(stdout.String(), "deleted: ")
	if !ok || !jsonEqual(t, content, `{"reason":"merged","days":7}`) {
		t.Errorf("stdout %q", stdout.String())
	}
	for _, want := range []string{"Delete the branch?", "Continue? [y/N]", "reason (string): An answer is required.",
		"days (integer, optional): "} {
		if !strings.Contains(asked.String(), want) {
			t.Errorf("the prompt lacks %q:\n%s", want, asked.String())
		}
	}
}

func TestAnswerReachesAskAfterReplies(t *testing.T) {
	var asked []string
	askFn := func(_ context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		asked = append(asked, q.Message)
		return agenttool.Answer{Action: agenttool.ActionAccept, Content: json.RawMessage(`{"reason":"r"}`)}, nil
	}
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: askFn, Stdout: &stdout, Stderr: &stderr}
	status := r.Run(context.Background(), []string{"--answer", "accept", "delete"})
	if status != ExitOK || stdout.String() != "deleted: {\"reason\":\"r\"}\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
	if len(asked) != 1 || asked[0] != "Why?" {
		t.Errorf("Ask got %q, want only the second question", asked)
	}
}

func TestAskError(t *testing.T) {
	askFn := func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
		return agenttool.Answer{}, errors.New("terminal gone")
	}
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: askFn, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"delete"}); status != ExitFailed {
		t.Errorf("status %d", status)
	}
	if stderr.String() != "Error: terminal gone\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestQuestionShapes(t *testing.T) {
	tests := []struct {
		name   string
		q      agenttool.Elicitation
		result agenttool.Result
		err    error
		status int
		stdout string
	}{
		{"URL and output", agenttool.Elicitation{Message: "Log in", URL: "https://example.com/x?a=1&b=<2>"},
			agenttool.Text("stopped"), nil, ExitNeedsAnswer,
			`{"message":"Log in","url":"https://example.com/x?a=1&b=<2>","digest":"@","answers_given":0,"output":"stopped"}` + "\n"},
		{"no output", agenttool.Elicitation{Message: "Sure?"}, agenttool.Result{}, nil, ExitNeedsAnswer,
			`{"message":"Sure?","digest":"@","answers_given":0}` + "\n"},
		{"schema compacted", agenttool.Elicitation{Message: "Form", Schema: json.RawMessage("{ \"type\" : \"object\" }")},
			agenttool.Result{}, errors.New("refused"), ExitNeedsAnswer,
			`{"message":"Form","schema":{"type":"object"},"digest":"@","answers_given":0,"error":"refused"}` + "\n"},
		{"error wins over output", agenttool.Elicitation{Message: "Sure?"},
			agenttool.Text("partial"), errors.New("refused"), ExitNeedsAnswer,
			`{"message":"Sure?","digest":"@","answers_given":0,"error":"refused"}` + "\n"},
		{"schema not JSON", agenttool.Elicitation{Message: "Form", Schema: json.RawMessage("{")},
			agenttool.Result{}, nil, ExitFailed, ""},
		{"error of a nil pointer", agenttool.Elicitation{Message: "Sure?"},
			agenttool.Text("partial"), (*pointerError)(nil), ExitNeedsAnswer,
			`{"message":"Sure?","digest":"@","answers_given":0,"error":"<nil>"}` + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
				if _, err := ask(ctx, tc.q); err != nil {
					return agenttool.Result{}, err
				}
				return tc.result, tc.err
			})
			got := run(t, agenttool.Set{tool}, "", "q")
			// "@" stands for the question's digest.
			want := strings.Replace(tc.stdout, `"digest":"@"`, `"digest":"`+questionDigest(tc.q)+`"`, 1)
			if got.status != tc.status || got.stdout != want {
				t.Errorf("got\n%v\nwant status %d, stdout %q", got, tc.status, want)
			}
			if tc.status == ExitFailed && !strings.HasPrefix(got.stderr, "kit: ") {
				t.Errorf("stderr %q", got.stderr)
			}
		})
	}
}

// pointerError is an error whose Error method dereferences its receiver,
// so that a nil *pointerError, a non-nil error, panics when asked its text.
type pointerError struct{ msg string }

func (e *pointerError) Error() string { return e.msg }

func TestOnlyFirstUnansweredQuestionReported(t *testing.T) {
	tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
		for _, m := range []string{"one", "two", "three"} {
			if _, err := ask(ctx, agenttool.Elicitation{Message: m}); err != nil {
				return agenttool.Result{}, err
			}
		}
		return agenttool.Text("asked"), nil
	})
	got := run(t, agenttool.Set{tool}, "", "--answer", "decline", "q")
	want := `{"message":"two","digest":"` + questionDigest(agenttool.Elicitation{Message: "two"}) + `","answers_given":1,"output":"asked"}` + "\n"
	if got.status != ExitNeedsAnswer || got.stdout != want {
		t.Errorf("got\n%v", got)
	}
}

// TestContextEnded checks that a call whose context has ended before it
// starts runs nothing, with status 2 and what ended it.
func TestContextEnded(t *testing.T) {
	tests := []struct {
		cause error
		want  string
	}{
		{nil, "kit: ping not called: context canceled\n"},
		{errors.New("interrupt signal received"), "kit: ping not called: interrupt signal received\n"},
	}
	for _, tt := range tests {
		var s spy
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(tt.cause)
		var stdout, stderr bytes.Buffer
		r := Runner{Name: "kit", Tools: s.wrap(fixtures()), Stdout: &stdout, Stderr: &stderr}
		if status := r.Run(ctx, []string{"ping"}); status != ExitUsage {
			t.Errorf("status %d", status)
		}
		if stderr.String() != tt.want || stdout.Len() != 0 || len(s.ran()) != 0 {
			t.Errorf("stderr %q, stdout %q, %d calls; want stderr %q", stderr.String(), stdout.String(), len(s.ran()), tt.want)
		}
	}
}

// TestStoppedBy checks that a tool that returns the cancellation of its
// call gets what cancelled it added to its error, and that nothing is
// added when there is nothing more to say.
func TestStoppedBy(t *testing.T) {
	why := errors.New("terminated signal received")
	tests := []struct {
		name  string
		cause error // nil: the call is not cancelled
		err   func(ctx context.Context) error
		want  string
	}{
		{"the cancellation", why, func(ctx context.Context) error { return ctx.Err() }, "context canceled (terminated signal received)"},
		{"the cancellation wrapped", why, func(ctx context.Context) error { return fmt.Errorf("asking: %w", ctx.Err()) },
			"asking: context canceled (terminated signal received)"},
		{"the cause itself", why, func(ctx context.Context) error { return context.Cause(ctx) }, "terminated signal received"},
		{"no cause", context.Canceled, func(ctx context.Context) error { return ctx.Err() }, "context canceled"},
		{"another error", why, func(context.Context) error { return errors.New("no such file") }, "no such file"},
		{"not cancelled", nil, func(context.Context) error { return errors.New("no such file") }, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			if tt.cause != nil {
				cancel(tt.cause)
			}
			if got := stoppedBy(ctx, tt.err(ctx)).Error(); got != tt.want {
				t.Errorf("stoppedBy = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCallContext(t *testing.T) {
	var got agenttool.Call
	var hadCall, hadRecorder, hadElicitor bool
	tool := agenttool.NewFunc("probe", "", nil, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		got = call
		var fromCtx agenttool.Call
		fromCtx, hadCall = agenttool.CallFrom(ctx)
		hadCall = hadCall && fromCtx.ID == call.ID
		_, hadRecorder = agenttool.RecorderFrom(ctx)
		_, hadElicitor = agenttool.ElicitorFrom(ctx)
		return agenttool.Text("ok"), nil
	})
	outer := func(context.Context, *agenttool.Record) error { return nil }
	ctx := agenttool.ContextWithRecorder(context.Background(), outer)
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(ctx, []string{"probe"}); status != ExitOK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !hadCall || !hadRecorder || !hadElicitor {
		t.Errorf("call %v, recorder %v, elicitor %v on the context", hadCall, hadRecorder, hadElicitor)
	}
	if id, ok := strings.CutPrefix(got.ID, "cli_"); !ok || len(id) != 26 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		t.Errorf("call ID %q", got.ID)
	}
	if string(got.Args) != "{}" {
		t.Errorf("arguments %s", got.Args)
	}
	if a, b := newCallID(), newCallID(); a == b {
		t.Error("two call IDs are equal")
	}
}

func TestProgress(t *testing.T) {
	var late func(agenttool.Result)
	tool := agenttool.NewFunc("p", "", nil, func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
		call.Update(agenttool.Result{Details: &agenttool.ProgressInfo{Progress: 0.5, Total: 1}})
		call.Update(agenttool.Result{Details: agenttool.ProgressInfo{Message: "running git log"}})
		call.Update(agenttool.Result{Details: agenttool.ProgressInfo{Total: 4, Message: "starting"}})
		call.Update(agenttool.Result{Output: agenttool.Output{Text: "only text"}, Details: agenttool.ProgressInfo{}})
		call.Update(agenttool.Result{Details: agenttool.ProgressInfo{}})
		call.Update(agenttool.Result{Details: (*agenttool.ProgressInfo)(nil)})
		call.Update(agenttool.Result{Output: agenttool.Output{Text: "no facts"}, Details: (*agenttool.ProgressInfo)(nil)})
		call.Update(agenttool.Text("line\n\n"))
		call.Update(agenttool.Text(""))
		late = call.OnUpdate
		return agenttool.Text("done"), nil
	})
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"p"}); status != ExitOK {
		t.Fatalf("status %d", status)
	}
	late(agenttool.Text("too late"))
	if stderr.String() != "[0.5/1]\n[running git log]\n[0/4] starting\nonly text\nno facts\nline\n" || stdout.String() != "done\n" {
		t.Errorf("stderr %q, stdout %q", stderr.String(), stdout.String())
	}
}

// TestProgressBody checks that the runner shows the text of a progress
// update's body and closes the body once, a late update's too.
func TestProgressBody(t *testing.T) {
	closes := 0
	var late func(agenttool.Result)
	tool := agenttool.NewFunc("p", "", nil, func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
		call.Update(agenttool.Result{Output: agenttool.Output{Body: countedBody{body("from a body"), &closes}}})
		late = call.OnUpdate
		return agenttool.Text("done"), nil
	})
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"p"}); status != ExitOK {
		t.Fatalf("status %d", status)
	}
	if stderr.String() != "from a body\n" || closes != 1 {
		t.Errorf("stderr %q, the body closed %d times; want its text and once", stderr.String(), closes)
	}
	late(agenttool.Result{Output: agenttool.Output{Body: countedBody{body("too late"), &closes}}})
	if stderr.String() != "from a body\n" || closes != 2 {
		t.Errorf("after a late update: stderr %q, %d closes; want nothing more shown and 2", stderr.String(), closes)
	}
}

func TestInvalidSet(t *testing.T) {
	set := agenttool.Set{
		agenttool.NewFunc("a", "", nil, text("1")),
		agenttool.NewFunc("a", "", nil, text("2")),
		agenttool.NewFunc("help", "", nil, text("3")),
	}
	got := run(t, set, "", "help")
	if got.status != ExitUsage || !strings.Contains(got.stderr, "duplicate") || strings.Contains(got.stderr, "Run `") {
		t.Errorf("%v", got)
	}
}

func TestCommandsRefuses(t *testing.T) {
	ok := agenttool.NewFunc("ok", "", nil, text("ok"))
	tests := []struct {
		name string
		set  agenttool.Set
		want string
	}{
		{"duplicate name", agenttool.Set{ok, agenttool.NewFunc("ok", "", nil, text("ok"))}, `cli: tool "ok": duplicate name`},
		{"name with a dash", agenttool.Set{ok, agenttool.NewFunc("-x", "", nil, text("ok"))}, `cli: tool "-x": begins with a dash`},
		{"tool named help", agenttool.Set{agenttool.NewFunc("help", "", nil, text("ok"))}, `cli: tool "help": named like a command of the program's own`},
		{"empty name", agenttool.Set{ok, agenttool.NewFunc("", "", nil, text("ok"))}, "cli: tool[1]: empty name"},
		{"tool named schema", agenttool.Set{agenttool.NewFunc("schema", "", nil, text("ok"))}, `cli: tool "schema": named like a command`},
		{"nil tool", agenttool.Set{ok, nil}, "cli: tool[1]: nil tool"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmds, err := Commands(tc.set)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) || cmds != nil {
				t.Errorf("Commands: %v, %d commands; want error %q", err, len(cmds), tc.want)
			}
		})
	}
	cmds, err := Commands(nil)
	if err != nil || len(cmds) != 0 {
		t.Errorf("Commands(nil) = %v, %v", cmds, err)
	}
}

// TestAnswerOption checks the replies --answer takes: a JSON object is
// trimmed and otherwise passed on verbatim, and anything that is not an
// action or an object is refused before anything runs.
func TestAnswerOption(t *testing.T) {
	tests := []struct {
		name   string
		reply  string
		status int
		stdout string
		stderr string
	}{
		{"object trimmed", " \n{\"reason\": \"<a&b>\"}\t", ExitOK, "deleted: {\"reason\": \"<a&b>\"}\n", ""},
		{"null", "null", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \"null\"\n" +
			"Run `kit help` for usage.\n"},
		{"array", "[]", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \"[]\"\n" +
			"Run `kit help` for usage.\n"},
		{"action with spaces", " accept", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \" accept\"\n" +
			"Run `kit help` for usage.\n"},
		{"action in capitals", "ACCEPT", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \"ACCEPT\"\n" +
			"Run `kit help` for usage.\n"},
		{"object not UTF-8", "{\"reason\":\"\xff\"}", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \"{\\\"reason\\\":\\\"\\xff\\\"}\"\n" +
			"Run `kit help` for usage.\n"},
		{"broken object", "{\"reason\":", ExitUsage, "", "kit: --answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got \"{\\\"reason\\\":\"\n" +
			"Run `kit help` for usage.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s spy
			got := run(t, s.wrap(fixtures()), "", "--answer", "accept", "--answer", tc.reply, "delete")
			if got.status != tc.status || got.stdout != tc.stdout || got.stderr != tc.stderr {
				t.Errorf("got\n%v\nwant status %d, stdout %q, stderr %q", got, tc.status, tc.stdout, tc.stderr)
			}
			if tc.status == ExitUsage && len(s.ran()) != 0 {
				t.Error("the tool ran")
			}
		})
	}
}
