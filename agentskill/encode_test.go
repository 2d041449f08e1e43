package agentskill

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEncodeKeyWithLF(t *testing.T) {
	s := &Skill{Name: "x", Description: "d", Metadata: map[string]string{"a\nb": "v", "0": "zero"}}
	want := fm("name: x", "description: d", "metadata:", `  "0": zero`, `  "a\nb": v`)
	if got := encodeString(t, s); got != want {
		t.Errorf("Encode:\n%s", lineDiff(want, got))
	}
	roundTrip(t, s)
}

// hardValues are strings whose writing is easy to get wrong.
func hardValues() []string {
	var vs []string
	for _, c := range ",[]{}#&*!|>'\"%@`-?:~. \t" {
		vs = append(vs, string(c), string(c)+"a", string(c)+" a", "a"+string(c), "a"+string(c)+"b")
	}
	vs = append(vs,
		"a: b", "a :b", "a #b", "a# b", "a:\tb", " lead", "trail ", " both ", "\tlead", "trail\t",
		"a\rb", "\r\n", "a\r\nb", "a\u0085b", "\u2028", "a\u2029b", "\ufeffa", "a\x00b", "\x07\x08\x0b\x0c\x1b\x7f",
		"\u0080\u009f\u00a0\u00ff", "\ufffe\uffff", "😀", "Smile 😀 ok", "\U0010FFFF",
		"true", "False", "YES", "on", "n", "null", "Null", "~", "<<", "=",
		"1", "-1", "+1", "0.5", "1e3", "1E+3", "1_000", "0b101", "0o17", "0x_1F", "1:30", "-1:30:00.5", ".inf", "-.Inf", ".NaN",
		"2024-01-01", "2024-1-1 10:20:30", "2024-01-01T10:20:30.5Z", "2024-01-01t1:02:03 +05:30",
		"---", "--- x", "...", "...x", "---\n", "a\n---\nb",
		"one\ntwo", "one\ntwo\n", "one\ntwo\n\n", "\n", "\n\n", "\n\n\n", "\na", "a\n", " a\nb", "a\n b", "a\n\tb", "\ta\nb",
		"a \nb", "a\t\nb", "a\n ", "#a\nb", "a\n# b\n", "- a\n- b\n", "a: b\nc: d", "'\n'", "\"\n\"", "\\\n\\",
		"x\n\n\ny\n\n", "  \n  ", "a\n\n", strings.Repeat("long ", 200),
	)
	return vs
}

// TestEncodeExportedValues round-trips descriptions and versions that hold
// what YAML gives a meaning to, as toolbundle's export-skill writes them
// (the description trimmed, the version in the metadata, a body that starts
// with the title), and checks that the file read back validates.
// toolbundle's testdata/scripts/roundtrip.txt exports the same values.
func TestEncodeExportedValues(t *testing.T) {
	for _, tc := range []struct{ name, description, version string }{
		{"quotes", `It's "quoted" text. Use for files.`, "v1"},
		{"colon space", "Use when: the user asks about files", "v1: x"},
		{"comment sign", "# Files #1 and a #hash", "#1"},
		{"padded", "  Read files.\n\t", "v1  beta"},
		{"line breaks", "Read files.\nUse for files.\r\nAnd more.", "v1.0"},
		{"tab", "Read\tfiles", "v1 tab"},
		{"YAML words", "yes", "no"},
		{"null words", "null", "~"},
		{"numbers", "1.0", "0x1F"},
		{"date", "2024-01-01", "12:30"},
		{"indicators", "*star &amp !bang |pipe >gt %pct @at `tick`", "-"},
		{"flow", "[a, b] {c: d}", "{}"},
		{"non-ASCII", "Lire des fichiers: é, 技能, 😀", "v1.0-β"},
		{"line separator", "a\u2028b\u0085c", "v\u20281"},
		{"byte order mark inside", "a\ufeffb", "v\ufeff1"},
		{"document markers", "--- x\n...\n---", "..."},
		{"long", strings.Repeat("é", 1024), strings.Repeat("9", 300)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Skill{Name: "file-tools", Description: strings.TrimSpace(tc.description),
				Metadata: map[string]string{"digest": "0a1b", "version": tc.version}, Body: "\n# file-tools\n\n## Calling\n"}
			roundTrip(t, s)
			back, err := Parse([]byte(encodeString(t, s)))
			if err != nil {
				t.Fatal(err)
			}
			if problems := back.Validate(); HasErrors(problems) {
				t.Errorf("the file read back is not valid: %v", problems)
			}
		})
	}
}

func TestEncodeHardValues(t *testing.T) {
	for _, v := range hardValues() {
		t.Run(fmt.Sprintf("%q", truncate(v, 20)), func(t *testing.T) {
			roundTrip(t, &Skill{
				Name:          strings.TrimSpace(v),
				Description:   strings.TrimSpace(v),
				License:       v,
				Compatibility: v,
				AllowedTools:  v,
				Metadata:      map[string]string{v: v},
				Extra:         map[string]any{"x-" + v: v, "list": []any{v, []any{v}, map[string]any{v: v}}},
				Body:          v,
			})
		})
	}
}

func TestEncodeExample(t *testing.T) {
	s := &Skill{
		Name: "a", Description: "b", License: "MIT", Compatibility: "c", AllowedTools: "Read",
		Metadata: map[string]string{"z": "1", "a": "2"},
		Extra: map[string]any{
			"zeta": int64(1), "alpha": int64(2),
			"hooks": map[string]any{"pre": []any{"lint"}},
		},
		Body: "Body\n",
	}
	want := "---\nname: a\ndescription: b\nlicense: MIT\ncompatibility: c\nallowed-tools: Read\nmetadata:\n  a: \"2\"\n  z: \"1\"\nalpha: 2\nhooks:\n  pre:\n    - lint\nzeta: 1\n---\nBody\n"
	if got := encodeString(t, s); got != want {
		t.Errorf("Encode:\n%s", lineDiff(want, got))
	}
}

func TestEncodeLayout(t *testing.T) {
	tests := []struct {
		name string
		s    *Skill
		want string
	}{
		{"empty body ends with the fence", &Skill{Name: "a", Description: "b"}, "---\nname: a\ndescription: b\n---\n"},
		{"empty fields", &Skill{}, "---\nname: \"\"\ndescription: \"\"\n---\n"},
		{"no license line when empty", &Skill{Name: "a", Description: "b", Compatibility: "c"},
			"---\nname: a\ndescription: b\ncompatibility: c\n---\n"},
		{"empty metadata omitted", &Skill{Name: "a", Description: "b", Metadata: map[string]string{}},
			"---\nname: a\ndescription: b\n---\n"},
		{"padded name is quoted", &Skill{Name: " a ", Description: "b"},
			"---\nname: ' a '\ndescription: b\n---\n"},
		{"body verbatim", &Skill{Name: "a", Description: "b", Body: "\n# T\r\n\xff---\n"},
			"---\nname: a\ndescription: b\n---\n\n# T\r\n\xff---\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := encodeString(t, tt.s); got != tt.want {
				t.Errorf("Encode:\n%s", lineDiff(tt.want, got))
			}
		})
	}
}

func TestEncodeExtraValues(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string // the lines after "x:"
	}{
		{"nil", nil, " null"},
		{"true", true, " true"},
		{"false", false, " false"},
		{"int", 7, " 7"},
		{"int64", int64(-9223372036854775808), " -9223372036854775808"},
		{"float 1.0", 1.0, " 1.0"},
		{"float 1e21", 1e21, " 1.0e+21"},
		{"float 1e-7", 1e-7, " 1.0e-07"},
		{"float 1.5", 1.5, " 1.5"},
		{"float -0", math.Copysign(0, -1), " -0.0"},
		{"float 100", 100.0, " 100.0"},
		{"+inf", math.Inf(1), " .inf"},
		{"-inf", math.Inf(-1), " -.inf"},
		{"nan", math.NaN(), " .nan"},
		{"string that looks like an int", "2", ` "2"`},
		{"empty []any", []any{}, " []"},
		{"nil []any", []any(nil), " []"},
		{"empty []string", []string{}, " []"},
		{"empty map[string]any", map[string]any{}, " {}"},
		{"empty map[string]string", map[string]string{}, " {}"},
		{"list of strings", []string{"a", "1"}, "\n  - a\n  - \"1\""},
		{"map of strings", map[string]string{"b": "1", "a": "x"}, "\n  a: x\n  b: \"1\""},
		{"list of maps, compact", []any{
			map[string]any{"name": "a", "args": []any{"x", "y"}},
			map[string]any{"name": "b", "opts": map[string]any{"k": 1}},
		}, "\n  - args:\n      - x\n      - \"y\"\n    name: a\n  - name: b\n    opts:\n      k: 1"},
		{"list of lists", []any{[]any{"a", "b"}, []any{}, []any{[]any{"c"}}},
			"\n  - - a\n    - b\n  - []\n  - - - c"},
		{"multi-line string in a list", []any{"one\ntwo\n", "x"}, "\n  - |\n    one\n    two\n  - x"},
		{"multi-line string in a map in a list", []any{map[string]any{"k": "a\nb"}}, "\n  - k: |-\n      a\n      b"},
		{"empty collections in a list", []any{map[string]any{}, nil}, "\n  - {}\n  - null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Skill{Name: "a", Description: "b", Extra: map[string]any{"x": tt.v}}
			want := "---\nname: a\ndescription: b\nx:" + tt.want + "\n---\n"
			got := encodeString(t, s)
			if got != want {
				t.Errorf("Encode:\n%s", lineDiff(want, got))
			}
			back := mustParse(t, got)
			if !sameValue(back.Extra["x"], normalise(tt.v)) {
				t.Errorf("read back %#v, want %#v", back.Extra["x"], normalise(tt.v))
			}
		})
	}
}

// normalise returns v as Parse would give it back: int as int64, string
// lists and maps as []any and map[string]any.
func normalise(v any) any {
	switch v := v.(type) {
	case int:
		return int64(v)
	case []string:
		out := make([]any, len(v))
		for i, s := range v {
			out[i] = s
		}
		return out
	case map[string]string:
		out := make(map[string]any, len(v))
		for k, s := range v {
			out[k] = s
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = normalise(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = normalise(x)
		}
		return out
	}
	return v
}

func TestEncodeErrors(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	tests := []struct {
		name string
		s    *Skill
		want string
	}{
		{"nil skill", nil, "nil skill"},
		{"invalid UTF-8 in a field", &Skill{Name: "a", Description: "b\xff"}, "not valid UTF-8"},
		{"invalid UTF-8 in a metadata key", &Skill{Name: "a", Metadata: map[string]string{"\xff": "v"}}, "not valid UTF-8"},
		{"invalid UTF-8 in a nested value", &Skill{Name: "a", Extra: map[string]any{"x": []any{"\xfe"}}}, "not valid UTF-8"},
		{"Extra name", &Skill{Name: "a", Extra: map[string]any{"name": "b"}}, `Extra key "name"`},
		{"Extra allowed-tools", &Skill{Name: "a", Extra: map[string]any{"allowed-tools": "b"}}, `Extra key "allowed-tools"`},
		{"key of 1025 runes", &Skill{Name: "a", Extra: map[string]any{strings.Repeat("é", 1025): 1}}, "longer than 1024"},
		{"chan value", &Skill{Name: "a", Extra: map[string]any{"c": make(chan int)}}, "unsupported type chan int"},
		{"nested unsupported value", &Skill{Name: "a", Extra: map[string]any{"c": map[string]any{"d": []any{uint(1)}}}}, `c["d"][0]: unsupported type uint`},
		{"cyclic value", &Skill{Name: "a", Extra: map[string]any{"c": cyclic}}, "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Encode(tt.s)
			if err == nil {
				t.Fatalf("Encode succeeded:\n%s", out)
			}
			if !strings.HasPrefix(err.Error(), "agentskill: encode: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want the prefix and %q", err, tt.want)
			}
		})
	}
}

func TestEncodeKeyLimits(t *testing.T) {
	key := strings.Repeat("é", 1024)
	roundTrip(t, &Skill{Name: "a", Metadata: map[string]string{key: "v"}, Extra: map[string]any{key: "v"}})
}

func TestEncodeDeepestValue(t *testing.T) {
	// Parse accepts collections nested maxDepth levels deep, the root
	// mapping included, so Encode must write them.
	var v any = "x"
	for range maxDepth - 1 {
		v = []any{v}
	}
	roundTrip(t, &Skill{Name: "a", Extra: map[string]any{"deep": v}})
	if _, err := Encode(&Skill{Name: "a", Extra: map[string]any{"deep": []any{v}}}); err == nil {
		t.Error("Encode accepted a value nested one level deeper than Parse reads")
	}
}

func TestReencode(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string
		probs []string
	}{
		{"folded description ending in a colon phrase",
			fm("name: x", "description: >", "  Use it for", "  colon: here."),
			fm("name: x", "description: 'Use it for colon: here.'"), nil},
		{"quoted license becomes plain",
			fm("name: x", "description: d", `license: "MIT"`),
			fm("name: x", "description: d", "license: MIT"), nil},
		{"quoted version stays quoted",
			fm("name: x", "description: d", "metadata:", `  version: "1.0"`),
			fm("name: x", "description: d", "metadata:", `  version: "1.0"`), nil},
		{"metadata whose only entry was a list disappears",
			fm("name: x", "description: d", "metadata:", "  l:", "    - a"),
			fm("name: x", "description: d"),
			[]string{"error: Field 'metadata' value for 'l' must be a string"}},
		{"keys come out in specification order",
			fm("metadata:", "  k: v", "allowed-tools: Read", "license: MIT", "description: d", "name: x"),
			fm("name: x", "description: d", "license: MIT", "allowed-tools: Read", "metadata:", "  k: v"), nil},
		{"empty name and blank description",
			fm(`name: ""`, `description: "   "`),
			fm(`name: ""`, `description: ""`),
			[]string{"error: Field 'name' must be a non-empty string", "error: Field 'description' must be a non-empty string"}},
		{"unknown keys after the known ones, sorted",
			fm("version: 2", "name: x", "author: someone", "description: d"),
			fm("name: x", "description: d", "author: someone", "version: 2"),
			[]string{"error: Unexpected fields in frontmatter: author, version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, tt.in)
			if got := encodeString(t, s); got != tt.want {
				t.Errorf("Encode:\n%s", lineDiff(tt.want, got))
			}
			if got := messages(s.Validate()); strings.Join(got, "\n") != strings.Join(tt.probs, "\n") {
				t.Errorf("Validate = %q, want %q", got, tt.probs)
			}
		})
	}
}

func encodeString(t *testing.T, s *Skill) string {
	t.Helper()
	out, err := Encode(s)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return string(out)
}

func FuzzEncodeParse(f *testing.F) {
	f.Add("pdf", "Fill PDF forms", "MIT", "k", "v", "x", "2", "\n# Body\n")
	f.Add("a", " b: c ", "'q'", "", "\n", "", "\t", "")
	f.Add("-", "#x", "|\n x\n", "\u2028", "a\rb", "\ufeff", "2024-01-01", "---\n")
	f.Add("é", "one\ntwo\n\n", " lead\nx", "y", "~", "<<", "1e3", "\x00")
	f.Fuzz(func(t *testing.T, name, description, license, metaKey, metaValue, extraKey, extraValue, body string) {
		for _, s := range []string{name, description, license, metaKey, metaValue, extraKey, extraValue} {
			if !utf8.ValidString(s) {
				t.Skip()
			}
		}
		extraKey = "x-" + extraKey
		if utf8.RuneCountInString(metaKey) > maxKeyLength || utf8.RuneCountInString(extraKey) > maxKeyLength {
			t.Skip()
		}
		roundTrip(t, &Skill{
			Name:          strings.TrimSpace(name),
			Description:   strings.TrimSpace(description),
			License:       license,
			Compatibility: metaValue,
			AllowedTools:  extraValue,
			Metadata:      map[string]string{metaKey: metaValue},
			Extra:         map[string]any{extraKey: extraValue, "list": []any{metaValue, map[string]any{metaKey: extraValue}}},
			Body:          body,
		})
	})
}
