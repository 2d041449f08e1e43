package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// mcpTool is a tool as an MCP server's tools/list gives it.
type mcpTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// echoTools reads a file of MCP tool definitions into tools that echo
// their arguments.
func echoTools(t testing.TB, path string) agenttool.Set {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var defs []mcpTool
	if err := json.Unmarshal(data, &defs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	set := make(agenttool.Set, len(defs))
	for i, d := range defs {
		set[i] = agenttool.NewFunc(d.Name, d.Description, d.InputSchema, echoArgs)
	}
	return set
}

// TestShapes calls tools whose schemas are written as MCP servers write
// them (testdata/shapes.json) and compares the arguments the tool echoes
// as JSON, and stderr in full.
func TestShapes(t *testing.T) {
	t.Parallel()
	tools := echoTools(t, filepath.Join("testdata", "shapes.json"))
	tests := []struct {
		name   string
		args   []string
		status int
		echo   string // the arguments the tool got, as JSON; "" when it did not run
		stderr string
	}{
		{name: "a free-form object's map flag gives strings",
			args: []string{"run_workflow", "--repo", "r", "--inputs", "environment=prod", "--inputs", "debug=true"},
			echo: `{"repo":"r","inputs":{"environment":"prod","debug":"true"}}`},
		{name: "a free-form object takes any member in JSON",
			args: []string{"run_workflow", `{"repo":"r","inputs":{"environment":"prod","runs":3,"deep":{"a":[1]}}}`},
			echo: `{"repo":"r","inputs":{"environment":"prod","runs":3,"deep":{"a":[1]}}}`},
		{name: "a free-form object's flag merges into its JSON",
			args: []string{"run_workflow", "--inputs", "a=1", `{"repo":"r","inputs":{"b":2}}`},
			echo: `{"repo":"r","inputs":{"b":2,"a":"1"}}`},
		{name: "a free-form object's flag and JSON give the same key",
			args: []string{"run_workflow", "--inputs", "a=1", `{"repo":"r","inputs":{"a":2}}`}, status: ExitUsage,
			stderr: "kit: run_workflow: --inputs and the JSON argument both give \"inputs.a\"\nRun `kit help run_workflow` for its flags.\n"},
		{name: "a free-form object is still an object",
			args: []string{"run_workflow", `{"repo":"r","inputs":[]}`}, status: ExitUsage,
			stderr: "kit: run_workflow: JSON member \"inputs\": expected object, got []\nRun `kit help run_workflow` for its flags.\n"},
		{name: "a member no property names is passed on, with a note",
			args: []string{"whoami", `{"reason":"x"}`}, echo: `{"reason":"x"}`,
			stderr: "kit: whoami: note: passing on JSON member \"reason\", which the schema allows but does not name; it names no members\n"},
		{name: "the note names the members there are",
			args: []string{"run_workflow", "--repo", "r", `{"workflow":"ci.yml"}`}, echo: `{"repo":"r","workflow":"ci.yml"}`,
			stderr: "kit: run_workflow: note: passing on JSON member \"workflow\", which the schema allows but does not name; " +
				"its members are \"repo\", \"ref\" and \"inputs\"\n"},
		{name: "the same member of every element is noted once",
			args: []string{"add_entities", `{"entities":[{"name":"a","type":"place","age":1},{"name":"b","type":"place","age":2},{"name":"c","type":"place","size":3}]}`},
			echo: `{"entities":[{"name":"a","type":"place","age":1},{"name":"b","type":"place","age":2},{"name":"c","type":"place","size":3}]}`,
			stderr: "kit: add_entities: note: passing on JSON member \"entities[0].age\", which the schema allows but does not name; " +
				"the members of \"entities[0]\" are \"name\", \"type\", \"notes\" and \"score\"\n" +
				"kit: add_entities: note: passing on JSON member \"entities[2].size\", which the schema allows but does not name; " +
				"the members of \"entities[2]\" are \"name\", \"type\", \"notes\" and \"score\"\n"},
		{name: "additionalProperties false refuses the member",
			args: []string{"closed", `{"id":1,"x":2}`}, status: ExitUsage,
			stderr: "kit: closed: unknown JSON member \"x\"; its member is \"id\"\nRun `kit help closed` for its flags.\n"},
		{name: "a top-level member is not a flag",
			args: []string{"whoami", "--reason", "x"}, status: ExitUsage,
			stderr: "kit: whoami: unknown flag \"--reason\"\nRun `kit help whoami` for its usage.\n"},
		{name: "nullable strings and a nullable enum have flags",
			args: []string{"history", "--path", ".", "--since", "2 weeks ago", "--kind", "fix", "--order", "asc"},
			echo: `{"path":".","since":"2 weeks ago","kind":"fix","order":"asc"}`},
		{name: "null stays reachable through JSON",
			args: []string{"history", "--path", ".", `{"since":null,"kind":null}`},
			echo: `{"since":null,"kind":null,"path":"."}`},
		{name: "a nullable flag takes its type only",
			args: []string{"history", "--path", ".", `{"limit":"ten"}`}, status: ExitUsage,
			stderr: "kit: history: JSON member \"limit\": expected integer, got \"ten\"\nRun `kit help history` for its flags.\n"},
		{name: "a referenced object's fields have flags",
			args: []string{"place_order", "--customer.name", "Ann", "--customer.email", "ann@example.com", "--rush=false"},
			echo: `{"customer":{"name":"Ann","email":"ann@example.com"},"rush":false}`},
		{name: "a required boolean given true, with JSON for the rest",
			args: []string{"place_order", "--customer.name", "Ann", "--rush=true", `{"lines":[{"sku":"a"},{"sku":"b","quantity":2}]}`},
			echo: `{"lines":[{"sku":"a"},{"sku":"b","quantity":2}],"customer":{"name":"Ann"},"rush":true}`},
		{name: "a reference met inside itself takes JSON",
			args: []string{"place_order", "--customer.name", "Ann", "--rush", `{"customer":{"referrer":{"name":"Bo","referrer":{"name":"Cy"}}}}`},
			echo: `{"customer":{"referrer":{"name":"Bo","referrer":{"name":"Cy"}},"name":"Ann"},"rush":true}`},
		{name: "a reference met inside itself given as a flag",
			args: []string{"place_order", "--customer.referrer", `{"name":"Bo"}`, "--rush"}, status: ExitUsage,
			stderr: "kit: place_order: --customer.referrer: \"customer.referrer\" is a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit place_order --rush '{\"customer\":{\"referrer\":{\"name\":\"Bo\"}}}'\n" +
				"Run `kit help place_order` for its flags.\n"},
		{name: "an array of objects given as a flag",
			args: []string{"add_entities", "--entities", `[{"name":"a","type":"place"}]`}, status: ExitUsage,
			stderr: "kit: add_entities: --entities: \"entities\" is a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities '{\"entities\":[{\"name\":\"a\",\"type\":\"place\"}]}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "the corrected call runs",
			args: []string{"add_entities", `{"entities":[{"name":"a","type":"place"}]}`},
			echo: `{"entities":[{"name":"a","type":"place"}]}`},
		{name: "members of an array's elements given as flags",
			args: []string{"add_entities", "--entities.name", "a", "--entities.type=place"}, status: ExitUsage,
			stderr: "kit: add_entities: --entities.name: \"entities[].name\" is a member of an element of \"entities\", an array that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities '{\"entities\":[{\"name\":\"a\",\"type\":\"place\"}]}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "members of an array's elements fill one element after another, an array member's values in one",
			args: []string{"add_entities", "--entities[].name", "a", "--entities[].type", "place", "--entities.notes", "x", "--entities.notes", "y",
				"--entities.name", "b", "--entities.type", "person"}, status: ExitUsage,
			stderr: "kit: add_entities: --entities[].name: \"entities[].name\" is a member of an element of \"entities\", an array that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities " +
				"'{\"entities\":[{\"name\":\"a\",\"type\":\"place\",\"notes\":[\"x\",\"y\"]},{\"name\":\"b\",\"type\":\"person\"}]}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "members of an array's elements go after the elements of the JSON argument, other flags kept",
			args: []string{"add_entities", "--labels", "draft", "--entities.type", "person", "--entities.name", "b", `{"entities":[{"name":"a","type":"place"}]}`}, status: ExitUsage,
			stderr: "kit: add_entities: --entities.type: \"entities[].type\" is a member of an element of \"entities\", an array that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities --labels draft " +
				"'{\"entities\":[{\"name\":\"a\",\"type\":\"place\"},{\"type\":\"person\",\"name\":\"b\"}]}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "a member of an array's elements without a value, and one that cannot be placed, shown as no JSON",
			args: []string{"add_entities", "--entities.name", "a", "--entities.name.first", "b", "--entities.name", "--entities.type", "place"}, status: ExitUsage,
			stderr: "kit: add_entities: --entities.name: \"entities[].name\" is a member of an element of \"entities\", an array that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities '{\"entities\":[{...},{\"name\":<string>,\"type\":\"place\"}]}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "a member of an array of strings' elements is an unknown flag",
			args: []string{"add_entities", "--labels.name", "a", `{"entities":[]}`}, status: ExitUsage,
			stderr: "kit: add_entities: unknown flag \"--labels.name\"; its flag is --labels\nRun `kit help add_entities` for its flags.\n"},
		{name: "an object of alternative shapes takes JSON",
			args: []string{"add_entities", `{"entities":[],"field":{"id":1,"value":[true]}}`},
			echo: `{"entities":[],"field":{"id":1,"value":[true]}}`},
		{name: "an object of alternative shapes has no map flag",
			args: []string{"add_entities", "--field", "id=1", `{"entities":[]}`}, status: ExitUsage,
			stderr: "kit: add_entities: --field: \"field\" is a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit add_entities '{\"entities\":[],\"field\":{\"id\":\"1\"}}'\n" +
				"Run `kit help add_entities` for its flags.\n"},
		{name: "an array of an enum's values",
			args: []string{"add_entities", "--labels", "draft", "--labels", "final", `{"entities":[{"name":"a","type":"place"}]}`},
			echo: `{"entities":[{"name":"a","type":"place"}],"labels":["draft","final"]}`},
		{name: "a member under a reference met inside itself given as a flag",
			args: []string{"place_order", "--customer.referrer.name", "Bo", "--rush"}, status: ExitUsage,
			stderr: "kit: place_order: --customer.referrer.name: \"customer.referrer.name\" is a member of \"customer.referrer\", a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit place_order --rush '{\"customer\":{\"referrer\":{\"name\":\"Bo\"}}}'\n" +
				"Run `kit help place_order` for its flags.\n"},
		{name: "every member of a parameter that takes JSON given as flags moves into the JSON at once, a scalar given twice with its last value",
			args: []string{"place_order", "--customer.referrer.name", "Bo", "--rush", "--customer.referrer.email=bo@example.com", "--customer.referrer.name", "Cy"}, status: ExitUsage,
			stderr: "kit: place_order: --customer.referrer.name: \"customer.referrer.name\" is a member of \"customer.referrer\", a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit place_order --rush '{\"customer\":{\"referrer\":{\"name\":\"Cy\",\"email\":\"bo@example.com\"}}}'\n" +
				"Run `kit help place_order` for its flags.\n"},
		{name: "a member two levels under a reference met inside itself, merged into the JSON",
			args: []string{"place_order", "--customer.referrer.referrer.name=Cy", "--rush", `{"customer":{"referrer":{"name":"Bo"}}}`}, status: ExitUsage,
			stderr: "kit: place_order: --customer.referrer.referrer.name: \"customer.referrer.referrer.name\" is a member of \"customer.referrer\", a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit place_order --rush '{\"customer\":{\"referrer\":{\"name\":\"Bo\",\"referrer\":{\"name\":\"Cy\"}}}}'\n" +
				"Run `kit help place_order` for its flags.\n"},
		{name: "a field of an object that takes JSON given as a flag",
			args: []string{"odd_names", "--cfg.v2.mode", "fast"}, status: ExitUsage,
			stderr: "kit: odd_names: --cfg.v2.mode: \"cfg.v2.mode\" is a member of \"cfg.v2\", a parameter that takes JSON, not a flag; " +
				"give it in the JSON argument: kit odd_names '{\"cfg.v2\":{\"mode\":\"fast\"}}'\n" +
				"Run `kit help odd_names` for its flags.\n"},
		{name: "a closed object that takes JSON has no other member",
			args: []string{"odd_names", "--cfg.v2.speed", "1"}, status: ExitUsage,
			stderr: "kit: odd_names: unknown flag \"--cfg.v2.speed\"; its flag is '--with space'\nRun `kit help odd_names` for its flags.\n"},
		{name: "a flag whose name needs quoting",
			args: []string{"odd_names", "--with space", "3", `{"id":"x"}`},
			echo: `{"id":"x","with space":3}`},
		{name: "a refusal names a flag that needs quoting as it is typed",
			args: []string{"odd_names", "--with space", "0"}, status: ExitUsage,
			stderr: "kit: odd_names: invalid arguments: '--with space': expected at least 1, got 0\nRun `kit help odd_names` for its flags.\n"},
		{name: "alternatives of scalar types take JSON",
			args: []string{"odd_names", `{"id":7}`},
			echo: `{"id":7}`},
		{name: "a property whose schema is false cannot be given",
			args: []string{"odd_names", `{"never":1}`}, status: ExitUsage,
			stderr: "kit: odd_names: invalid arguments: never: no value is allowed here, got 1\nRun `kit help odd_names` for its flags.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, tools, "", tc.args...)
			switch {
			case got.status != tc.status:
				t.Errorf("status %d, want %d\n%v", got.status, tc.status, got)
			case tc.echo == "" && got.stdout != "":
				t.Errorf("the tool ran\n%v", got)
			case tc.echo != "" && !jsonEqual(t, got.stdout, tc.echo):
				t.Errorf("the tool got %s, want %s", got.stdout, tc.echo)
			}
			if got.stderr != tc.stderr {
				t.Errorf("stderr\n%s\nwant\n%s", got.stderr, tc.stderr)
			}
		})
	}
}

// TestShapesUsage holds the usage of the tools of testdata/shapes.json to
// testdata/shapes.md in full; go test -update rewrites it. No parameter of
// a type a flag can take is shown as "any JSON value".
func TestShapesUsage(t *testing.T) {
	t.Parallel()
	cmds, err := Commands(echoTools(t, filepath.Join("testdata", "shapes.json")))
	if err != nil {
		t.Fatal(err)
	}
	got := Markdown("kit", cmds)
	path := filepath.Join("testdata", "shapes.md")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("usage differs from %s (go test -update rewrites it)\n%s", path, diff(got, string(want)))
	}
	if strings.Contains(got, "any JSON value") {
		t.Errorf("a parameter of these tools is shown as any JSON value:\n%s", got)
	}
}
