package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

// Prompt returns an elicitor that asks a person at a terminal: it writes
// each question to out and reads the reply, line by line, from in. It asks
// one question at a time.
//
// A confirmation, or a form without fields, reads yes or no (y, yes or
// accept; n, no or decline), defaulting to no on an empty line. A question
// with a URL asks the person to open it, then reads Enter (accept) or n
// (decline). Any other reply is asked again, three times at most, and then
// declines. A form asks its fields in schema order, checks
// scalar values as the command line does, insists on required fields and
// skips optional ones left empty; the completed form is accepted with its
// fields as a compact JSON object.
//
// The text of a question (its message, URL and fields) is written with
// every control character but line feed and tab, every bidirectional
// control and zero-width character, and every byte that is not UTF-8
// escaped as strconv.QuoteToASCII writes it (\x1b, \u202e), so that no
// terminal acts on it and the question reads as what it does.
//
// Each question's message is followed by its digest, as the status-3
// JSON gives it, so that the person can answer the same question in a
// command line with --answer accept@<digest>.
//
// The end of in, or a read error, cancels the question. A ctx that has
// already ended returns its error before anything is written or read. When
// ctx ends while a reply is awaited, the elicitor returns ctx's error at
// once; the line being read then goes to the next question, so in is never
// read twice at the same time. A nil in has no input, and a nil out
// discards the text.
func Prompt(in io.Reader, out io.Writer) agenttool.Elicitor {
	if in == nil {
		in = strings.NewReader("")
	}
	if out == nil {
		out = io.Discard
	}
	return newPrompter(in, out).ask
}

// newPrompter returns the prompter of Prompt(in, out); in and out must not
// be nil.
func newPrompter(in io.Reader, out io.Writer) *prompter {
	return &prompter{in: bufio.NewReader(in), out: out, turn: make(chan struct{}, 1)}
}

// prompter holds the state of one Prompt elicitor.
type prompter struct {
	in      *bufio.Reader
	out     io.Writer
	turn    chan struct{}   // held by the question being asked
	pending chan readResult // the read under way, if any
}

// readResult is one line read from in, or why none could be.
type readResult struct {
	line string
	err  error
}

// errCancel stands for the end of the input, where a question is cancelled.
var errCancel = errors.New("no more input")

// ask is the elicitor of Prompt: reply, with the end of the input taken
// as cancel.
func (p *prompter) ask(ctx context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
	a, err := p.reply(ctx, q)
	if errors.Is(err, errCancel) {
		return agenttool.Answer{Action: agenttool.ActionCancel}, nil
	}
	return a, err
}

// reply asks q and reads the person's answer; it returns errCancel when
// the input ends first, which --ask takes as the question nobody
// answered.
func (p *prompter) reply(ctx context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
	// A select between a free turn and an ended context picks either at
	// random: without this check an ended call could still print its
	// question and start reading the person's reply.
	if err := ctx.Err(); err != nil {
		return agenttool.Answer{}, err
	}
	select {
	case p.turn <- struct{}{}:
	case <-ctx.Done():
		return agenttool.Answer{}, ctx.Err()
	}
	defer func() { <-p.turn }()
	return p.question(ctx, q)
}

func (p *prompter) question(ctx context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
	if msg := strings.TrimSpace(q.Message); msg != "" {
		fmt.Fprintln(p.out, terminalText(msg))
	}
	fmt.Fprintf(p.out, "(digest %s)\n", questionDigest(q))
	if q.URL != "" {
		fmt.Fprintf(p.out, "Open %s\n", terminalText(q.URL))
		return p.yesNo(ctx, "Press Enter when done, or type n to decline: ", agenttool.ActionAccept)
	}
	fields, _ := schemaParams(q.Schema)
	if len(fields) == 0 {
		return p.yesNo(ctx, "Continue? [y/N] ", agenttool.ActionDecline)
	}
	var form bytes.Buffer
	form.WriteByte('{')
	for _, f := range fields {
		value, err := p.field(ctx, f)
		if err != nil {
			return agenttool.Answer{}, err
		}
		if value == nil {
			continue
		}
		if form.Len() > 1 {
			form.WriteByte(',')
		}
		form.Write(quote(f.Name))
		form.WriteByte(':')
		form.Write(value)
	}
	form.WriteByte('}')
	return agenttool.Answer{Action: agenttool.ActionAccept, Content: form.Bytes()}, nil
}

// yesNo reads a yes or a no: y, yes or accept; n, no or decline, in any
// case. An empty line answers def. Anything else is asked again with the
// words that answer, up to maxReasks times, and then declines, since a
// person who cannot be understood has not said yes.
func (p *prompter) yesNo(ctx context.Context, prompt string, def agenttool.Action) (agenttool.Answer, error) {
	io.WriteString(p.out, prompt)
	for tries := 0; ; tries++ {
		line, err := p.readLine(ctx)
		if err != nil {
			return agenttool.Answer{}, err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes", "accept":
			return agenttool.Answer{Action: agenttool.ActionAccept}, nil
		case "n", "no", "decline":
			return agenttool.Answer{Action: agenttool.ActionDecline}, nil
		case "":
			return agenttool.Answer{Action: def}, nil
		}
		if tries == maxReasks {
			return agenttool.Answer{Action: agenttool.ActionDecline}, nil
		}
		fmt.Fprintf(p.out, "%s is not an answer; type y (yes, accept) or n (no, decline), or press Enter to %s: ", terminalText(strconv.Quote(strings.TrimSpace(line))), def)
	}
}

// maxReasks is how many times yesNo asks again after a reply it does not
// understand.
const maxReasks = 3

// field asks one form field until it gets a usable reply. It returns nil
// for an optional field left empty.
func (p *prompter) field(ctx context.Context, f Param) (json.RawMessage, error) {
	var facts []string
	if f.Type != "" {
		facts = append(facts, f.Type)
	}
	if !f.Required {
		facts = append(facts, "optional")
	}
	prompt := f.Name
	if len(facts) > 0 {
		prompt += " (" + strings.Join(facts, ", ") + ")"
	}
	if d := strings.TrimSpace(f.Description); d != "" {
		prompt += ", " + d
	}
	prompt = terminalText(prompt) + ": "
	for {
		io.WriteString(p.out, prompt)
		line, err := p.readLine(ctx)
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "" && f.Required:
			io.WriteString(p.out, "An answer is required.\n")
			continue
		case line == "":
			return nil, nil
		case scalar(f.Type):
			value, err := convert(f.Type, line)
			if err != nil {
				fmt.Fprintln(p.out, err)
				continue
			}
			return json.RawMessage(value), nil
		case json.Valid([]byte(line)):
			// The form's content is compact JSON, whatever spacing the
			// person typed inside the value.
			var value bytes.Buffer
			_ = json.Compact(&value, []byte(line))
			return value.Bytes(), nil
		}
		return quote(line), nil
	}
}

// readLine reads one line on a goroutine of its own, so that an ending
// context can interrupt the wait. A read the context interrupted is kept
// and its line goes to the next caller: only one read is ever under way.
func (p *prompter) readLine(ctx context.Context) (string, error) {
	if p.pending == nil {
		// A call that has ended takes no further line from the person.
		if err := ctx.Err(); err != nil {
			return "", err
		}
		ch := make(chan readResult, 1)
		go func() {
			line, err := p.in.ReadString('\n')
			switch {
			case err == io.EOF && line != "":
				// A last line without a newline still counts.
				err = nil
			case err != nil:
				err = errCancel
			}
			ch <- readResult{line, err}
		}()
		p.pending = ch
	}
	select {
	case r := <-p.pending:
		p.pending = nil
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// terminalText returns s as Prompt writes a question's text: with every control
// character but line feed and tab, every deceptive character and every
// byte that is not UTF-8 escaped as strconv.QuoteToASCII writes it.
func terminalText(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case r != '\n' && r != '\t' && unicode.IsControl(r) || deceptive(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// deceptive reports whether r changes how the text around it reads without
// being seen: the bidirectional controls (U+202A to U+202E, U+2066 to
// U+2069) and the zero-width space, joiners and byte-order mark (U+200B to
// U+200D, U+FEFF).
func deceptive(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' ||
		r >= '\u200B' && r <= '\u200D' || r == '\uFEFF'
}
