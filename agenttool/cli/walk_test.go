package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// shownFlag is a flag as the synopsis shows it.
type shownFlag struct {
	name     string
	typ      string // the value type; "bool" for a bare flag
	isMap    bool
	repeated bool
	attached bool // the value follows "=": a required boolean
}

// shownSynopsis reads the flags of the synopsis in a command's section.
func shownSynopsis(t *testing.T, sec string) []shownFlag {
	t.Helper()
	_, rest, ok := strings.Cut(sec, "```sh\n")
	if !ok {
		t.Fatalf("no synopsis in\n%s", sec)
	}
	line, _, _ := strings.Cut(rest, "\n")
	words := strings.Fields(line)[2:]
	var flags []shownFlag
	for i := 0; i < len(words); i++ {
		w := strings.TrimPrefix(words[i], "[")
		if !strings.HasPrefix(w, "--") {
			continue
		}
		f := shownFlag{name: strings.TrimSuffix(strings.TrimPrefix(w, "--"), "]"), typ: "bool"}
		if name, typ, ok := strings.Cut(f.name, "=<"); ok {
			f.name, f.typ, f.attached = name, strings.TrimSuffix(typ, ">"), true
		}
		if !f.attached && i+1 < len(words) && strings.HasPrefix(words[i+1], "<") {
			i++
			v := strings.TrimSuffix(words[i], "]")
			if inner, ok := strings.CutPrefix(v, "<key>=<"); ok {
				f.isMap, f.typ = true, strings.TrimSuffix(inner, ">")
			} else {
				f.typ = strings.Trim(v, "<>")
			}
		}
		if i+1 < len(words) && strings.TrimSuffix(words[i+1], "]") == "..." {
			i++
			f.repeated = true
		}
		flags = append(flags, f)
	}
	return flags
}

// shownParams reads the names of the parameter lines of a section, and
// whether each is shown as a flag.
func shownParams(sec string) (flags, others []string) {
	for _, line := range strings.Split(sec, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimLeft(line, " "), "- `")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "`")
		if flagName, ok := strings.CutPrefix(name, "--"); ok {
			flags = append(flags, flagName)
		} else {
			others = append(others, name)
		}
	}
	return flags, others
}

// sample is the word and the JSON value a flag of type typ is tried with.
func sample(typ string) (word string, value any) {
	switch typ {
	case "int":
		return "7", 7.0
	case "number":
		return "1.5", 1.5
	case "bool":
		return "true", true
	}
	return "v", "v"
}

// at finds the value a single flag named name put in args, whose members
// may themselves hold dots.
func at(v any, name string) (any, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	if got, ok := obj[name]; ok {
		return got, true
	}
	for key, child := range obj {
		if rest, ok := strings.CutPrefix(name, key+"."); ok {
			if got, ok := at(child, rest); ok {
				return got, true
			}
		}
	}
	return nil, false
}

// requiredList and enumList match the required and enum keywords of the
// schemas checkAgreement is given, whose names and enum values hold no "]".
var (
	requiredList = regexp.MustCompile(`"required":\[[^\]]*\]`)
	enumList     = regexp.MustCompile(`"enum":\[[^\]]*\]`)
)

// checkAgreement checks that the flags a command's usage shows and the
// flags its parser accepts are the same.
func checkAgreement(t *testing.T, schema string) {
	t.Helper()
	probe := &standIn{name: "c", schema: json.RawMessage(schema)}
	cmd := Describe(probe)
	sec := section("kit", cmd)

	syn := shownSynopsis(t, sec)
	var synNames []string
	for _, f := range syn {
		synNames = append(synNames, f.name)
	}
	lineFlags, others := shownParams(sec)
	fs, _ := cmd.flagSet()
	var registered []string
	fs.VisitAll(func(f *flag.Flag) { registered = append(registered, f.Name) })
	for _, names := range [][]string{synNames, lineFlags, registered} {
		slices.Sort(names)
	}
	if !slices.Equal(synNames, registered) || !slices.Equal(lineFlags, registered) {
		t.Fatalf("schema %s\nsynopsis flags %q\nparameter line flags %q\nregistered %q\n%s",
			schema, synNames, lineFlags, registered, sec)
	}

	// Each flag is given alone, with a sample word, which need not complete
	// the arguments nor be one of an enum: the runs go to a probe whose
	// schema requires nothing and whose enums hold every sample.
	probe.schema = json.RawMessage(enumList.ReplaceAllString(
		requiredList.ReplaceAllString(schema, `"required":[]`), `"enum":["v",7,1.5,true]`))
	for _, f := range syn {
		word, want := sample(f.typ)
		args := []string{"c", "--" + f.name, word}
		switch {
		case f.isMap:
			args[2] = "k=" + word
		case f.attached:
			args = []string{"c", "--" + f.name + "=" + word}
		case f.typ == "bool":
			args = args[:2]
		}
		probe.runs = 0
		got := run(t, agenttool.Set{probe}, "", args...)
		if got.status != ExitOK || probe.runs != 1 {
			t.Fatalf("schema %s\n%q: %v", schema, args, got)
		}
		var decoded any
		if err := json.Unmarshal(probe.call.Args, &decoded); err != nil {
			t.Fatalf("%q gave %s: %v", args, probe.call.Args, err)
		}
		value, ok := at(decoded, f.name)
		switch {
		case ok && f.isMap:
			value, ok = at(value, "k")
		case ok && f.repeated:
			list, isList := value.([]any)
			ok = isList && len(list) == 1
			if ok {
				value = list[0]
			}
		}
		if !ok || value != want {
			t.Errorf("schema %s\n%q gave %s, want %v at %s", schema, args, probe.call.Args, want, f.name)
		}
	}

	for _, name := range others {
		if slices.Contains(registered, name) || name == "h" || name == "help" {
			continue
		}
		probe.runs = 0
		args := []string{"c", "--" + name, "v"}
		if got := run(t, agenttool.Set{probe}, "", args...); got.status != ExitUsage || probe.runs != 0 {
			t.Errorf("schema %s\n%q, not a flag, gave %v", schema, args, got)
		}
	}
}

// schemaGen writes random schemas covering the shapes the flag walk
// distinguishes.
type schemaGen struct{ rng *rand.Rand }

var genNames = []string{"a", "b", "c", "host", "port", "on", "a.b", "x=y", "-d", "", "h", "help", "n1", "tls", "b.c"}

func (g schemaGen) pick(list []string) string { return list[g.rng.IntN(len(list))] }

func (g schemaGen) property(depth int) string {
	scalars := []string{"string", "integer", "number", "boolean"}
	switch g.rng.IntN(12) {
	case 0:
		return `{"type":"` + g.pick(scalars) + `","description":"d"}`
	case 1:
		return `{"type":["` + g.pick(scalars) + `","null"]}`
	case 2:
		return `{"type":["string","integer"]}`
	case 3:
		return `{"type":"array","items":{"type":"` + g.pick(scalars) + `"}}`
	case 4:
		return `{"type":"array","items":` + g.object(depth+1) + `}`
	case 5:
		return `{"type":"array","items":[{"type":"string"}]}`
	case 6:
		return `{"type":"object","additionalProperties":{"type":"` + g.pick(scalars) + `"}}`
	case 7:
		return `{"type":"object","additionalProperties":{"type":"object"}}`
	case 8, 9:
		if depth < 3 {
			return g.object(depth + 1)
		}
		return `{"type":"object"}`
	case 10:
		return g.pick([]string{"true", "false", "{}"})
	}
	return `{"type":["object","null"],"properties":{"` + g.pick(genNames) + `":{"type":"string"}}}`
}

func (g schemaGen) object(depth int) string {
	var props, required []string
	for range g.rng.IntN(5) {
		name := g.pick(genNames)
		props = append(props, fmt.Sprintf("%q:%s", name, g.property(depth)))
		if g.rng.IntN(2) == 0 {
			required = append(required, fmt.Sprintf("%q", name))
		}
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(required, ",") + `]}`
}

func TestFlagWalkAgreement(t *testing.T) {
	for _, tool := range fixtures() {
		t.Run(tool.Name(), func(t *testing.T) {
			checkAgreement(t, string(Describe(tool).Schema))
		})
	}
	t.Run("top-level a.b beside a with field b", func(t *testing.T) {
		checkAgreement(t, `{"type":"object","properties":{"a.b":{"type":"string"},"a":{"type":"object",`+
			`"properties":{"b":{"type":"integer"}}}},"required":["a"]}`)
	})
	t.Run("field a.b beside top-level a.b", func(t *testing.T) {
		checkAgreement(t, `{"type":"object","properties":{"a":{"type":"object",`+
			`"properties":{"b":{"type":"integer"}}},"a.b":{"type":"string"}}}`)
	})
	g := schemaGen{rand.New(rand.NewPCG(1, 2))}
	for i := range 300 {
		schema := g.object(0)
		t.Run(fmt.Sprint("random ", i), func(t *testing.T) { checkAgreement(t, schema) })
	}
}

func TestWalk(t *testing.T) {
	cmd := Describe(&standIn{name: "c", schema: json.RawMessage(`{"type":"object","properties":{` +
		`"a":{"type":"object","properties":{"b":{"type":"integer"},"o":{"type":"object","properties":{"x":{"type":"boolean"}},"required":["x"]}},"required":["o"]},` +
		`"a.b":{"type":"string"},"-z":{"type":"string"},"r":{"type":"string"}},"required":["a","r"]}`)})
	type entry struct {
		path          string
		flag          string
		nests, chain  bool
		jsonOnly      bool
		pathDepth     int
		paramRequired bool
	}
	var got []entry
	for _, p := range walkFlags(cmd.Params) {
		got = append(got, entry{p.dotted(), p.flag, p.nests, p.chainRequired, p.jsonOnly(), len(p.path), p.param.Required})
	}
	want := []entry{
		{"a", "", true, true, false, 1, true},
		{"a.b", "a.b", false, false, false, 2, false},
		{"a.o", "", true, true, false, 2, true},
		{"a.o.x", "a.o.x", false, true, false, 3, true},
		{"a.b", "", false, false, true, 1, false},
		{"-z", "", false, false, true, 1, false},
		{"r", "r", false, true, false, 1, true},
	}
	if !slices.Equal(got, want) {
		t.Errorf("walk\n%+v\nwant\n%+v", got, want)
	}
}

// TestWalkLong checks a walk too long to search its flag names in turn:
// the first of two parameters named alike still keeps the flag.
func TestWalkLong(t *testing.T) {
	var props []string
	for i := range 2 * shortList {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	schema := `{"type":"object","properties":{` + strings.Join(props, ",") +
		`,"a":{"type":"object","properties":{"b":{"type":"integer"}}},"a.b":{"type":"string"}}}`
	cmd := Describe(&standIn{name: "c", schema: json.RawMessage(schema)})
	walk := walkFlags(cmd.Params)
	if len(walk) != 2*shortList+3 {
		t.Fatalf("%d positions, want %d", len(walk), 2*shortList+3)
	}
	for _, pos := range walk {
		want := pos.dotted()
		switch {
		case pos.nests:
			want = ""
		case len(pos.path) == 1 && pos.path[0] == "a.b":
			// The field a.b came first and took the name.
			want = ""
		}
		if pos.flag != want {
			t.Errorf("%q (depth %d) has flag %q, want %q", pos.dotted(), len(pos.path), pos.flag, want)
		}
	}
	checkAgreement(t, schema)
}
