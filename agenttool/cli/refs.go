package cli

import (
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// reader reads the parameters of one schema text, following its local
// references.
type reader struct {
	root string
	// refs are the references whose targets are being read, outermost
	// first; one met again among them is a cycle.
	refs []string
	// followed counts the references followed, which maxRefs bounds.
	followed int
}

// maxRefs is the most references one schema's reading follows. Each one
// reads its target anew, so that a schema whose definitions refer to
// each other many times over would otherwise take time exponential in
// its length; no real schema comes near it.
const maxRefs = 256

// keywords reads the keywords that describe a value of the schema object
// text s: its own, and for each one it lacks, those of the schema its $ref
// names, then those of its one alternative (see alternative). A reference
// stays on r.refs for the caller to drop once it has read the schema's
// fields, so that a reference met among them again is seen as a cycle.
func (r *reader) keywords(s string) keywords {
	k := readKeywords(s)
	if ref, ok := jsonscan.String(k.ref); ok {
		if target, found := r.lookup(ref); found {
			if r.followed >= maxRefs || slices.Contains(r.refs, ref) {
				k.cut = true
				if k.typ == "" {
					k.typ = readKeywords(target).typ
				}
				return k
			}
			r.refs = append(r.refs, ref)
			r.followed++
			k.fill(r.keywords(target))
		}
	}
	if k.cut {
		return k
	}
	applicators := 0
	for _, list := range [...]string{k.anyOf, k.oneOf, k.allOf} {
		if list != "" {
			applicators++
		}
	}
	branch, ok := alternative(k)
	if ok {
		applicators--
		k.fill(r.keywords(branch))
	}
	k.shaped = k.shaped || applicators > 0
	return k
}

// alternative returns the one schema object that anyOf, oneOf or allOf
// (the first of them written) leaves besides {"type":"null"}: how
// Optional[T] and a nullable T are written. There is none when the
// keyword lists more than one other schema, or, for allOf, when it lists
// more than one schema at all.
func alternative(k keywords) (string, bool) {
	list, all := k.anyOf, false
	switch {
	case list != "":
	case k.oneOf != "":
		list = k.oneOf
	default:
		list, all = k.allOf, true
	}
	items, ok := jsonscan.ReadItems(list)
	if !ok {
		return "", false
	}
	found, n := "", 0
	for {
		item, ok := items.Next()
		if !ok {
			break
		}
		n++
		if !all && strings.HasPrefix(item, "{") && readKeywords(item).typ == `"null"` {
			continue
		}
		if found != "" || !strings.HasPrefix(item, "{") {
			return "", false
		}
		found = item
	}
	return found, found != "" && (!all || n == 1)
}

// lookup returns the text a local reference names: "#" for the whole
// schema, or "#" followed by a JSON pointer into it, such as
// "#/$defs/Customer", its tokens percent-decoded and then unescaped.
func (r *reader) lookup(ref string) (string, bool) {
	pointer, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return "", false
	}
	if p, err := jsonscan.Fragment(pointer); err == nil {
		pointer = p
	}
	cur := r.root
	if pointer == "" {
		return cur, true
	}
	tokens, ok := strings.CutPrefix(pointer, "/")
	if !ok {
		return "", false
	}
	for _, token := range strings.Split(tokens, "/") {
		token = pointerEscapes.Replace(token)
		if next := firstMember(cur, token); next != "" {
			cur = next
			continue
		}
		items, ok := jsonscan.ReadItems(cur)
		i, err := strconv.Atoi(token)
		if !ok || err != nil || i < 0 || strconv.Itoa(i) != token {
			return "", false
		}
		for ; i >= 0; i-- {
			if cur, ok = items.Next(); !ok {
				return "", false
			}
		}
	}
	return cur, true
}

// pointerEscapes undoes the escapes of a JSON pointer's token.
var pointerEscapes = strings.NewReplacer("~1", "/", "~0", "~")
