package jsonschema

import "strings"

// The URIs of $id and $ref are resolved here, as RFC 3986 section 5.2
// resolves a reference against a base URI, rather than by net/url, whose
// import would cost every process of a bundle the start of net/netip.
// Two URIs are the same when they are the same text once resolved: case
// and percent-encoding are not normalised.

// uriParts is a URI reference without its fragment, split as RFC 3986
// appendix B splits it.
type uriParts struct {
	scheme, authority, path, query string
	hasAuthority, hasQuery         bool
}

// resolveURI resolves the reference ref against base, a URI without a
// fragment or "" for none, and returns the URI it names, without its
// fragment, and the fragment as written, "" when there is none.
func resolveURI(base, ref string) (uri, fragment string) {
	r, fragment := splitURI(ref)
	b, _ := splitURI(base)
	var t uriParts
	switch {
	case r.scheme != "":
		t = r
		t.path = removeDots(r.path)
	case r.hasAuthority:
		t = r
		t.scheme = b.scheme
		t.path = removeDots(r.path)
	case r.path == "":
		t = b
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		}
	default:
		t = uriParts{scheme: b.scheme, authority: b.authority, hasAuthority: b.hasAuthority, query: r.query, hasQuery: r.hasQuery}
		switch {
		case strings.HasPrefix(r.path, "/"):
			t.path = removeDots(r.path)
		case b.hasAuthority && b.path == "":
			t.path = removeDots("/" + r.path)
		default:
			merged := b.path[:strings.LastIndexByte(b.path, '/')+1] + r.path
			t.path = removeDots(merged)
			if !b.hasAuthority && !strings.HasPrefix(merged, "/") {
				// A relative path stays relative: "sub/../a.json" is
				// "a.json", not "/a.json".
				t.path = strings.TrimPrefix(t.path, "/")
			}
		}
	}
	return t.String(), fragment
}

// splitURI splits a URI reference into its parts and its fragment.
func splitURI(s string) (u uriParts, fragment string) {
	s, fragment, _ = strings.Cut(s, "#")
	if i := strings.IndexAny(s, ":/?"); i > 0 && s[i] == ':' {
		u.scheme, s = s[:i], s[i+1:]
	}
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		i := strings.IndexAny(rest, "/?")
		if i < 0 {
			i = len(rest)
		}
		u.authority, s, u.hasAuthority = rest[:i], rest[i:], true
	}
	s, u.query, u.hasQuery = strings.Cut(s, "?")
	u.path = s
	return u, fragment
}

// String writes u back as a URI.
func (u uriParts) String() string {
	var b strings.Builder
	if u.scheme != "" {
		b.WriteString(u.scheme + ":")
	}
	if u.hasAuthority {
		b.WriteString("//" + u.authority)
	}
	b.WriteString(u.path)
	if u.hasQuery {
		b.WriteString("?" + u.query)
	}
	return b.String()
}

// removeDots removes the segments "." and ".." from a path, and the
// segment each ".." follows, as RFC 3986 section 5.2.4 does.
func removeDots(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	var out []byte
	up := func() {
		out = out[:max(0, strings.LastIndexByte(string(out), '/'))]
	}
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"), strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			up()
		case in == "/..":
			in = "/"
			up()
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out = append(out, in[:i]...)
			in = in[i:]
		}
	}
	return string(out)
}
