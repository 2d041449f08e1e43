package jsonscan

import "testing"

func TestLoneSurrogate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, want string
	}{
		{`{"a":"plain"}`, ""},
		{`{"a":"\ud83d\ude00"}`, ""},
		{`{"a":"\uD83D\uDE00"}`, ""},
		{`{"a":"\u00e9\n\"\\"}`, ""},
		{`{"a":"\\ud83d"}`, ""},
		{`{"a":"\ud83d"}`, `\ud83d`},
		{`{"a":"\ud83dx"}`, `\ud83d`},
		{`{"a":"\ud83d\n"}`, `\ud83d`},
		{`{"a":"\ud83d\u0041"}`, `\ud83d`},
		{`{"a":"\ud83d\ud83d\ude00"}`, `\ud83d`},
		{`{"a":"x\udc00y"}`, `\udc00`},
		{`{"\udfff":1}`, `\udfff`},
		{`["ok", "\uDBFF"]`, `\uDBFF`},
		{`{"a":"\ud83d\ude00","b":"\ude00"}`, `\ude00`},
	} {
		got, ok := LoneSurrogate(tc.text)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("LoneSurrogate(%s) = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.want != "")
		}
	}
}
