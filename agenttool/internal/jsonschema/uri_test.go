package jsonschema

import (
	"net/url"
	"strings"
	"testing"
)

// rfc3986Examples are the examples of RFC 3986 section 5.4, normal and
// abnormal, each resolved against the base URI http://a/b/c/d;p?q.
var rfc3986Examples = [][2]string{
	{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
	{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
	{"../../g", "http://a/g"},
	{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"}, {"/./g", "http://a/g"},
	{"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"}, {"http:g", "http:g"},
}

func TestResolveURI(t *testing.T) {
	t.Parallel()
	cases := append([][2]string(nil), rfc3986Examples...)
	for i := range cases {
		cases[i][0] = "http://a/b/c/d;p?q " + cases[i][0]
	}
	// Bases a schema's $id gives, and none.
	cases = append(cases,
		[2]string{" item.json", "item.json"},
		[2]string{" ../a/./b.json#/x", "a/b.json#/x"},
		[2]string{"sub/ ../a.json", "a.json"},
		[2]string{"sub/c/ ../../../a.json", "a.json"},
		[2]string{"urn:uuid:deadbeef #/$defs/a", "urn:uuid:deadbeef#/$defs/a"},
		[2]string{"urn:uuid:deadbeef urn:uuid:deadbeef#/$defs/a", "urn:uuid:deadbeef#/$defs/a"},
		[2]string{"http://localhost:1234/tree node", "http://localhost:1234/node"},
		[2]string{"http://localhost:1234 folder/", "http://localhost:1234/folder/"},
		[2]string{"http://localhost:1234/draft2020-12/ref-and-id1/ int.json", "http://localhost:1234/draft2020-12/ref-and-id1/int.json"},
	)
	for _, c := range cases {
		base, ref, _ := strings.Cut(c[0], " ")
		uri, frag := resolveURI(base, ref)
		got := uri
		if strings.Contains(ref, "#") {
			got += "#" + frag
		}
		if got != c[1] {
			t.Errorf("resolveURI(%q, %q) = %q, %q; want %q", base, ref, uri, frag, c[1])
		}
	}
}

// FuzzResolveURI holds resolveURI to net/url on URIs of the characters
// that cannot be escaped differently, against a base with a scheme and
// a host. net/url keeps the dot segments of a reference with a scheme,
// which RFC 3986 removes, drops an empty authority, an empty segment
// ("//") and an empty query, which RFC 3986 keeps, and removes the dot segments of a base
// given by an empty reference, which RFC 3986 keeps (the bases of $id
// have none), so those are left out.
func FuzzResolveURI(f *testing.F) {
	for _, c := range rfc3986Examples {
		f.Add("/b/c/d;p?q", c[0])
	}
	emptyQuery := func(s string) bool {
		i := strings.IndexByte(s, '?')
		return i >= 0 && (i == len(s)-1 || s[i+1] == '#')
	}
	f.Fuzz(func(t *testing.T, path, ref string) {
		const plain = "abc/.?#;=:"
		if strings.Trim(path+ref, plain) != "" || !strings.HasPrefix(path, "/") || strings.ContainsAny(path, "#:") ||
			strings.Contains(path, "//") || strings.Contains(path, "/.") || emptyQuery(path) || emptyQuery(ref) || strings.Contains(strings.TrimPrefix(ref, "//"), "//") {
			return
		}
		u, err := url.Parse(ref)
		if err != nil || u.Scheme != "" || u.Opaque != "" || strings.HasPrefix(ref, "//") && u.Host == "" {
			return
		}
		base := "http://a" + path
		b, err := url.Parse(base)
		if err != nil {
			return
		}
		want := b.ResolveReference(u)
		want.Fragment, want.RawFragment = "", ""
		uri, frag := resolveURI(base, ref)
		if uri != want.String() {
			t.Fatalf("resolveURI(%q, %q) = %q, net/url says %q", base, ref, uri, want)
		}
		if _, f, _ := strings.Cut(ref, "#"); frag != f {
			t.Fatalf("resolveURI(%q, %q) gives the fragment %q", base, ref, frag)
		}
	})
}
