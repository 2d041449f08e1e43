package cli

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

// level is a type whose UnmarshalJSON refuses all but two words.
type level string

func (l *level) UnmarshalJSON(b []byte) error {
	if s := string(b); s != `"low"` && s != `"high"` {
		return errors.New("level.UnmarshalJSON: a level is low or high")
	}
	*l = level(b)
	return nil
}

// whenArgs are the arguments of the tool TestUndecodable calls.
type whenArgs struct {
	At    time.Time `json:"at,omitzero"`
	Level level     `json:"level,omitempty"`
	Inner *struct {
		Level level `json:"level"`
	} `json:"inner,omitempty"`
}

// TestUndecodable checks that a value a time.Time or an UnmarshalJSON
// method refuses is refused with status 2 as the schema's check refuses
// one, by its flag or JSON path, in words that name no Go type, with the
// help pointer, and that the tool's function does not run.
func TestUndecodable(t *testing.T) {
	t.Parallel()
	const pointer = "Run `kit help when` for its flags.\n"
	const date = `expected a date-time as RFC 3339 writes it (2006-01-02T15:04:05Z), got "notadate"`
	tests := []struct {
		name  string
		words []string
		want  string
	}{
		{"time flag", []string{"when", "--at", "notadate"}, "kit: when: invalid arguments: --at: " + date + "\n"},
		{"time JSON", []string{"when", `{"at":"notadate"}`}, "kit: when: invalid arguments: JSON member \"at\": " + date + "\n"},
		{"method flag", []string{"when", "--level", "mid"}, "kit: when: invalid arguments: --level: a level is low or high\n"},
		{"method JSON", []string{"when", `{"at":"2026-01-02T03:04:05Z","level":"mid"}`}, "kit: when: invalid arguments: JSON member \"level\": a level is low or high\n"},
		{"nested method JSON", []string{"when", `{"level":"low","inner":{"level":"mid"}}`}, "kit: when: invalid arguments: JSON member \"inner.level\": a level is low or high\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ran := false
			tool := agenttool.New("when", "Say when.", func(context.Context, whenArgs) (string, error) {
				ran = true
				return "ran", nil
			})
			got := run(t, agenttool.Set{tool}, "", tt.words...)
			if got.status != ExitUsage || got.stdout != "" || got.stderr != tt.want+pointer || ran {
				t.Errorf("got\n%v\nran %v; want status 2, stderr %q", got, ran, tt.want+pointer)
			}
		})
	}
}
