package cli

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

// The exit statuses Runner.Run returns. It returns one of these four and
// never any other value.
const (
	// ExitOK: the call succeeded and its output is on stdout, or help or a
	// schema was printed. It is also returned when the call succeeded but
	// its output could not be written, so that nobody repeats the call for
	// that reason.
	ExitOK = 0
	// ExitFailed: the tool returned an error or panicked, and stderr says
	// why after "Error: ".
	ExitFailed = 1
	// ExitUsage: the tool did not run, because the command line was not
	// understood or the call could not be started.
	ExitUsage = 2
	// ExitNeedsAnswer: the tool asked a question nobody answered, was told
	// it was cancelled, and ran to its end; stdout holds the question as
	// JSON.
	ExitNeedsAnswer = 3
)

// Runner runs one call of one tool from one command line. Its zero value
// has no tools; set at least Name and Tools.
type Runner struct {
	// Name is the program name. It prefixes every diagnostic and appears in
	// the usage text verbatim, even as a path such as ./bin/kit; only its
	// base name names the temporary directory for saved files.
	Name string
	// Tools are the tools, one command each, listed in this order.
	Tools agenttool.Set
	// Ask answers the questions no --answer covers; Prompt makes one that
	// asks a person at a terminal. Nil means nobody can be asked: such a
	// question is answered "cancel" and the call ends with ExitNeedsAnswer.
	Ask agenttool.Elicitor
	// Stdin, Stdout and Stderr are the streams of the call; nil means the
	// process's own.
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// programOptions are the options given before the command.
type programOptions struct {
	answers answerList
	record  string
	out     string
}

// parseProgram reads the program options and returns the words left, the
// command first. It is the one reading of a command line's start, shared by
// Run and CommandName.
func parseProgram(args []string) (programOptions, []string, error) {
	var opts programOptions
	fs := flag.NewFlagSet("program", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Var(&opts.answers, "answer", "")
	fs.StringVar(&opts.record, "record", "", "")
	fs.StringVar(&opts.out, "out", "", "")
	if err := fs.Parse(args); err != nil {
		return opts, nil, err
	}
	return opts, fs.Args(), nil
}

// CommandName returns the command a command line names, read exactly as Run
// reads it: the first word after the program options, or "" when there is
// none, when a help option was given or when the options do not parse. The
// program's own commands help and schema are returned as themselves. args
// excludes the program name.
func CommandName(args []string) string {
	_, rest, err := parseProgram(args)
	if err != nil || len(rest) == 0 {
		return ""
	}
	return rest[0]
}

// answerList collects the replies of --answer in command-line order.
type answerList []agenttool.Answer

func (a *answerList) String() string {
	if a == nil {
		return ""
	}
	actions := make([]string, len(*a))
	for i, ans := range *a {
		actions[i] = string(ans.Action)
	}
	return strings.Join(actions, ",")
}

// Set accepts accept, decline, cancel, or a JSON object, which accepts with
// that object as the form's content.
func (a *answerList) Set(reply string) error {
	switch action := agenttool.Action(reply); action {
	case agenttool.ActionAccept, agenttool.ActionDecline, agenttool.ActionCancel:
		*a = append(*a, agenttool.Answer{Action: action})
		return nil
	}
	text := trimJSONSpace(reply)
	if !utf8.ValidString(text) || !strings.HasPrefix(text, "{") || !json.Valid([]byte(text)) {
		return errors.New("an answer is accept, decline, cancel or a JSON object")
	}
	*a = append(*a, agenttool.Answer{Action: agenttool.ActionAccept, Content: json.RawMessage(text)})
	return nil
}

// Run handles one command line, args excluding the program name, and
// returns its exit status. It parses the program options, prints help or a
// schema, or parses the command's flags and JSON argument and calls the
// tool itself, on this goroutine, with ctx as the call's context: cancelling
// ctx is the interrupt the tool receives. A panic in the tool is recovered
// and reported as the tool's error. Run keeps nothing between calls, closes
// no tool and never panics, whatever args hold.
func (r Runner) Run(ctx context.Context, args []string) int {
	if r.Stdin == nil {
		r.Stdin = os.Stdin
	}
	if r.Stdout == nil {
		r.Stdout = os.Stdout
	}
	if r.Stderr == nil {
		r.Stderr = os.Stderr
	}
	cmds, err := Commands(r.Tools)
	if err != nil {
		fmt.Fprintln(r.Stderr, err)
		return ExitUsage
	}
	opts, rest, err := parseProgram(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		io.WriteString(r.Stdout, programHelp(r.Name, cmds))
		return ExitOK
	case err != nil:
		return r.usage(err.Error())
	case len(rest) == 0:
		io.WriteString(r.Stderr, programHelp(r.Name, cmds))
		return ExitUsage
	}
	name, words := rest[0], rest[1:]
	switch name {
	case "help":
		return r.help(cmds, words)
	case "schema":
		return r.schema(cmds, words)
	}
	cmd, ok := find(cmds, name)
	if !ok {
		return r.unknown(cmds, name)
	}
	callArgs, err := cmd.Args(words, r.Stdin)
	switch {
	case errors.Is(err, ErrHelp):
		io.WriteString(r.Stdout, section(r.Name, cmd))
		return ExitOK
	case err != nil:
		return r.usage(cmd.Name + ": " + err.Error())
	}
	tool, _ := r.Tools.Lookup(name)
	return r.call(ctx, tool, callArgs, opts)
}

// usage reports a command line the program did not understand.
func (r Runner) usage(msg string) int {
	fmt.Fprintf(r.Stderr, "%s: %s\nRun `%s help` for usage.\n", r.Name, msg, r.Name)
	return ExitUsage
}

// unknown reports a word that names no command, listing those that exist.
func (r Runner) unknown(cmds []Command, name string) int {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	if len(names) == 0 {
		return r.usage(fmt.Sprintf("unknown command %q; there are no commands", name))
	}
	return r.usage(fmt.Sprintf("unknown command %q; the commands are %s", name, strings.Join(names, ", ")))
}

// find returns the command named name.
func find(cmds []Command, name string) (Command, bool) {
	for _, c := range cmds {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// help prints the program help, or one command's section.
func (r Runner) help(cmds []Command, words []string) int {
	switch len(words) {
	case 0:
		io.WriteString(r.Stdout, programHelp(r.Name, cmds))
		return ExitOK
	case 1:
		cmd, ok := find(cmds, words[0])
		if !ok {
			return r.unknown(cmds, words[0])
		}
		io.WriteString(r.Stdout, section(r.Name, cmd))
		return ExitOK
	}
	return r.usage(fmt.Sprintf("help takes one command; got %q", words))
}

// schema prints one command's schema, indented.
func (r Runner) schema(cmds []Command, words []string) int {
	switch len(words) {
	case 0:
		return r.usage("schema takes one command; got none")
	case 1:
	default:
		return r.usage(fmt.Sprintf("schema takes one command; got %q", words))
	}
	cmd, ok := find(cmds, words[0])
	if !ok {
		return r.unknown(cmds, words[0])
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, bytes.TrimSpace(cmd.Schema), "", "  "); err != nil {
		fmt.Fprintf(r.Stderr, "%s: schema of %s: %v\n", r.Name, cmd.Name, err)
		return ExitFailed
	}
	buf.WriteByte('\n')
	r.Stdout.Write(buf.Bytes())
	return ExitOK
}

// newCallID returns "cli_" and 16 random bytes in lower-case base32.
func newCallID() string {
	var b [16]byte
	rand.Read(b[:])
	return "cli_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// call runs the tool and settles the exit status.
func (r Runner) call(ctx context.Context, tool agenttool.Tool, args json.RawMessage, opts programOptions) int {
	call := agenttool.Call{ID: newCallID(), Args: args}
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(r.Stderr, "%s: %v\n", r.Name, err)
		return ExitUsage
	}
	var rec *recorder
	if opts.record != "" {
		var err error
		if rec, err = openRecorder(opts.record, tool.Name()); err != nil {
			fmt.Fprintf(r.Stderr, "%s: --record: %v\n", r.Name, err)
			return ExitUsage
		}
		defer func() {
			if err := rec.close(); err != nil {
				fmt.Fprintf(r.Stderr, "%s: --record: %v\n", r.Name, err)
			}
		}()
	}
	progress := &forwarder{w: r.Stderr}
	call.OnUpdate = progress.update
	asker := &questions{answers: opts.answers, ask: r.Ask}

	callCtx := agenttool.WithCall(ctx, call)
	if rec != nil {
		callCtx = agenttool.ContextWithRecorder(callCtx, rec.write)
	}
	callCtx = agenttool.ContextWithElicitor(callCtx, asker.elicit)

	result, err := execute(callCtx, tool, call)
	progress.stop()

	if rec != nil {
		record, rerr := agenttool.RecordOf(result.Details)
		switch {
		case rerr != nil:
			fmt.Fprintf(r.Stderr, "%s: --record: %v\n", r.Name, rerr)
		case record != nil:
			// A failure here is kept by the recorder and reported once on
			// the way out.
			_ = rec.write(callCtx, record)
		}
	}
	if q, given, ok := asker.unanswered(); ok {
		return r.question(q, given, result, err)
	}
	if n := asker.unused(); n > 0 {
		fmt.Fprintf(r.Stderr, "%s: %d --answer not used: the call asked fewer questions\n", r.Name, n)
	}
	if err != nil {
		fmt.Fprintf(r.Stderr, "Error: %s\n", err)
		return ExitFailed
	}
	p := &printer{w: r.Stdout, out: opts.out, program: r.Name}
	if err := p.print(result.Output); err != nil {
		fmt.Fprintf(r.Stderr, "%s: the call succeeded, but writing its output failed, so do not run it again for that: %v\n", r.Name, err)
	}
	return ExitOK
}

// execute calls the tool, turning a panic into an *agenttool.PanicError.
func execute(ctx context.Context, tool agenttool.Tool, call agenttool.Call) (result agenttool.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			result = agenttool.Result{}
			err = &agenttool.PanicError{Tool: tool.Name(), Value: v, Stack: debug.Stack()}
		}
	}()
	return tool.Execute(ctx, call)
}

// forwarder writes progress updates to stderr, one line each, until the
// call returns.
type forwarder struct {
	mu      sync.Mutex
	w       io.Writer
	stopped bool
}

func (f *forwarder) update(r agenttool.Result) {
	var line string
	switch d := r.Details.(type) {
	case agenttool.ProgressInfo:
		line = progressLine(d)
	case *agenttool.ProgressInfo:
		if d == nil {
			return
		}
		line = progressLine(*d)
	default:
		text := r.Output.String()
		if text == "" {
			return
		}
		line = strings.TrimRight(text, "\n") + "\n"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.stopped {
		io.WriteString(f.w, line)
	}
}

// stop drops the updates that arrive after the call returned.
func (f *forwarder) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
}

// progressLine writes "[progress/total] message", without the total when
// it is unknown.
func progressLine(p agenttool.ProgressInfo) string {
	var line string
	if p.Total > 0 {
		line = fmt.Sprintf("[%g/%g]", p.Progress, p.Total)
	} else {
		line = fmt.Sprintf("[%g]", p.Progress)
	}
	if p.Message != "" {
		line += " " + p.Message
	}
	return line + "\n"
}
