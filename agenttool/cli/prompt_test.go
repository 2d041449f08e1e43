package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

const nForm = `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`

func TestPrompt(t *testing.T) {
	tests := []struct {
		name    string
		q       agenttool.Elicitation
		input   string
		action  agenttool.Action
		content string
		shown   string // the whole text written to out, when set
	}{
		{name: "yes confirms", q: agenttool.Elicitation{Message: "Go?"}, input: "yes\n",
			action: agenttool.ActionAccept, shown: "Go?\n(digest d6171eb40f67)\nContinue? [y/N] "},
		{name: "empty line declines", q: agenttool.Elicitation{Message: "Go?"}, input: "\n",
			action: agenttool.ActionDecline},
		{name: "no input cancels", q: agenttool.Elicitation{Message: "Go?"}, input: "",
			action: agenttool.ActionCancel},
		{name: "URL accepted with Enter", q: agenttool.Elicitation{Message: "Log in.", URL: "https://example.com/login"},
			input: "\n", action: agenttool.ActionAccept,
			shown: "Log in.\n(digest 736abc27ed85)\nOpen https://example.com/login\nPress Enter when done, or type n to decline: "},
		{name: "URL declined", q: agenttool.Elicitation{URL: "https://example.com/login"}, input: "n\n",
			action: agenttool.ActionDecline},
		{name: "form without fields", q: agenttool.Elicitation{Message: "Go?",
			Schema: json.RawMessage(`{"type":"object","properties":{}}`)}, input: "n\n", action: agenttool.ActionDecline},
		{name: "form asks again after a bad value", q: agenttool.Elicitation{Message: " Count? ", Schema: json.RawMessage(nForm)},
			input: "x\n4\n", action: agenttool.ActionAccept, content: `{"n":4}`,
			shown: "Count?\n(digest 32de855bbf78)\nn (integer): expected integer, got \"x\"\nn (integer): "},
		{name: "form cut short", q: agenttool.Elicitation{Schema: json.RawMessage(nForm)}, input: "x\n",
			action: agenttool.ActionCancel},
		{name: "last line without newline", q: agenttool.Elicitation{Schema: json.RawMessage(nForm)}, input: "12",
			action: agenttool.ActionAccept, content: `{"n":12}`},
		{name: "accept confirms", q: agenttool.Elicitation{Message: "Go?"}, input: "Accept\n", action: agenttool.ActionAccept},
		{name: "decline declines", q: agenttool.Elicitation{URL: "https://example.com/login"}, input: "decline\n", action: agenttool.ActionDecline},
		{name: "another word asks again", q: agenttool.Elicitation{Message: "Go?"}, input: "sure\ny\n", action: agenttool.ActionAccept,
			shown: "Go?\n(digest d6171eb40f67)\nContinue? [y/N] \"sure\" is not an answer; type y (yes, accept) or n (no, decline), or press Enter to decline: "},
		{name: "declines after three more tries", q: agenttool.Elicitation{URL: "https://example.com/login"}, input: "a\nb\nc\nd\ny\n",
			action: agenttool.ActionDecline},
		{name: "yes in capitals", q: agenttool.Elicitation{}, input: " YES \n", action: agenttool.ActionAccept, shown: "(digest 63cab8e921e4)\nContinue? [y/N] "},
		{name: "other fields as JSON or text",
			q: agenttool.Elicitation{Schema: json.RawMessage(`{"properties":{"list":{"type":"array","description":" Some items "},` +
				`"note":{},"skip":{"type":"boolean"}}}`)},
			input: "[1, 2]\nplain words\n\n", action: agenttool.ActionAccept, content: `{"list":[1,2],"note":"plain words"}`,
			shown: "(digest 9fd2f600f1ab)\nlist (array, optional), Some items: note (optional): skip (boolean, optional): "},
		{name: "JSON values compacted",
			q:     agenttool.Elicitation{Schema: json.RawMessage(`{"properties":{"cfg":{"type":"object"},"any":true}}`)},
			input: "  { \"k\" : [ 1 , \"a b\" ] }\n[ ]\n", action: agenttool.ActionAccept,
			content: `{"cfg":{"k":[1,"a b"]},"any":[]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			a, err := Prompt(strings.NewReader(tc.input), &out)(context.Background(), tc.q)
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if a.Action != tc.action || string(a.Content) != tc.content {
				t.Errorf("answer %s %s, want %s %s", a.Action, a.Content, tc.action, tc.content)
			}
			if tc.shown != "" && out.String() != tc.shown {
				t.Errorf("wrote %q, want %q", out.String(), tc.shown)
			}
		})
	}
}

// TestPromptEscapes checks that a question's text reaches the terminal
// with its control, bidirectional and zero-width characters and its bytes
// that are not UTF-8 escaped, and its line breaks, tabs and other letters
// as they are.
func TestPromptEscapes(t *testing.T) {
	tests := []struct {
		name string
		q    agenttool.Elicitation
		want string // the text before the digest's line, or the whole text when the digest is in it
	}{
		{"escape sequence", agenttool.Elicitation{Message: "Delete \x1b[2Ka.txt?\r\x07"}, `Delete \x1b[2Ka.txt?\r\a` + "\n"},
		{"bidi controls", agenttool.Elicitation{Message: "Delete \u202egol.txt \u2066x\u2069?"}, `Delete \u202egol.txt \u2066x\u2069?` + "\n"},
		{"zero width", agenttool.Elicitation{Message: "a\u200bb\u200cc\u200dd\ufeffe"}, `a\u200bb\u200cc\u200dd\ufeffe` + "\n"},
		{"line breaks, tabs and letters kept", agenttool.Elicitation{Message: "Replace\tä\nwith ü \ufffd?"}, "Replace\tä\nwith ü \ufffd?\n"},
		{"bytes not UTF-8", agenttool.Elicitation{Message: "a\xffb"}, `a\xffb` + "\n"},
		{"C1 control", agenttool.Elicitation{Message: "a\u009bb"}, `a\u009bb` + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if _, err := Prompt(strings.NewReader(""), &out)(context.Background(), tc.q); err != nil {
				t.Fatal(err)
			}
			got, _, _ := strings.Cut(out.String(), "(digest ")
			if got != tc.want {
				t.Errorf("wrote %q, want %q", got, tc.want)
			}
		})
	}
	for _, q := range []agenttool.Elicitation{
		{URL: "https://example.com/\u202e"},
		{Schema: json.RawMessage(`{"properties":{"n\u001b":{"description":"x\u200by"}}}`)},
	} {
		var out bytes.Buffer
		if _, err := Prompt(strings.NewReader("\n"), &out)(context.Background(), q); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); strings.ContainsAny(got, "\x1b\u202e\u200b") || !strings.Contains(got, `\u202e`) && !strings.Contains(got, `n\x1b (optional), x\u200by: `) {
			t.Errorf("wrote %q, with a URL or a field raw", got)
		}
	}
}

type brokenReader struct{}

func (brokenReader) Read([]byte) (int, error) { return 0, errors.New("terminal gone") }

func TestPromptContextEnded(t *testing.T) {
	tests := []struct {
		name string
		q    agenttool.Elicitation
	}{
		{"confirmation", agenttool.Elicitation{Message: "Go?"}},
		{"URL", agenttool.Elicitation{Message: "Log in.", URL: "https://example.com/login"}},
		{"form", agenttool.Elicitation{Message: "Count?", Schema: json.RawMessage(nForm)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			// Both a free turn and the ended context are ready at once;
			// asking many times makes sure the context is chosen every
			// time, not by the luck of a select.
			for range 50 {
				var out bytes.Buffer
				in := strings.NewReader("yes\n4\n")
				a, err := Prompt(in, &out)(ctx, tc.q)
				if !errors.Is(err, context.Canceled) || a.Action != "" {
					t.Fatalf("answer %v, error %v, want context.Canceled", a, err)
				}
				if out.Len() > 0 || in.Len() < len("yes\n4\n") {
					t.Fatalf("wrote %q and read %d bytes after the context ended", out.String(), len("yes\n4\n")-in.Len())
				}
			}
		})
	}
}

func TestPromptNilStreams(t *testing.T) {
	a, err := Prompt(nil, nil)(context.Background(), agenttool.Elicitation{Message: "Go?"})
	if err != nil || a.Action != agenttool.ActionCancel {
		t.Errorf("answer %v, error %v", a, err)
	}
}

func TestPromptReadError(t *testing.T) {
	a, err := Prompt(brokenReader{}, io.Discard)(context.Background(), agenttool.Elicitation{Message: "Go?"})
	if err != nil || a.Action != agenttool.ActionCancel {
		t.Errorf("answer %v, error %v", a, err)
	}
}

func TestPromptCancelled(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ask := Prompt(pr, io.Discard)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := ask(ctx, agenttool.Elicitation{Message: "Go?"})
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("error %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the question did not return after the context was cancelled")
	}

	// The line that was being read goes to the next question.
	go func() { io.WriteString(pw, "y\n") }()
	a, err := ask(context.Background(), agenttool.Elicitation{Message: "Again?"})
	if err != nil || a.Action != agenttool.ActionAccept {
		t.Errorf("next question: %v, %v", a, err)
	}

	// A question waiting for its turn also gives up with its context. The
	// first question writes its message only once it holds the turn.
	pr2, pw2 := io.Pipe()
	holding := &signalWriter{wrote: make(chan struct{})}
	ask2 := Prompt(pr2, holding)
	release := make(chan struct{})
	go func() {
		ask2(context.Background(), agenttool.Elicitation{Message: "Holds the turn"})
		close(release)
	}()
	<-holding.wrote
	ended, stop := context.WithCancel(context.Background())
	stop()
	waited := make(chan error, 1)
	go func() {
		_, err := ask2(ended, agenttool.Elicitation{Message: "Waits"})
		waited <- err
	}()
	select {
	case err := <-waited:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("waiting question: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("the waiting question did not give up with its context")
	}
	pw2.Close()
	<-release
	if strings.Contains(holding.String(), "Waits") {
		t.Errorf("the waiting question was asked:\n%s", holding.String())
	}
}

// signalWriter collects what is written to it and closes wrote on the
// first write.
type signalWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	wrote chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() == 0 {
		close(w.wrote)
	}
	return w.buf.Write(p)
}

func (w *signalWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
