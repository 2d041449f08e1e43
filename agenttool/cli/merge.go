package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// merge adds the flag's value to the arguments object, refusing to replace
// anything the JSON argument gives.
func (v *flagValue) merge(root *object) error {
	path := v.pos.path
	obj := root
	for i, name := range path[:len(path)-1] {
		var err error
		if obj, err = obj.child(name, path[:i+1]); err != nil {
			return err
		}
	}
	last := path[len(path)-1]
	p := v.pos.param
	switch {
	case p.Map():
		obj, err := obj.child(last, path)
		if err != nil {
			return err
		}
		for i, key := range v.keys {
			if obj.has(key) {
				return fmt.Errorf("%s and the JSON argument both give %q", dashed(v.pos.flag), v.pos.dotted()+"."+key)
			}
			obj.add(key, v.values[i])
		}
		return nil
	case obj.has(last):
		return fmt.Errorf("%s and the JSON argument both give %q", dashed(v.pos.flag), v.pos.dotted())
	case p.Repeated():
		obj.add(last, string(v.appendValue(nil)))
	default:
		obj.add(last, v.values[0])
	}
	return nil
}

// appendValue appends the JSON text of the flag's value: an object of the
// entries of a map flag, an array of the elements of a repeated flag, or the
// one value of a scalar flag.
func (v *flagValue) appendValue(dst []byte) []byte {
	switch {
	case v.pos.param.Map():
		dst = append(dst, '{')
		for i, key := range v.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, key)
			dst = append(dst, ':')
			dst = append(dst, v.values[i]...)
		}
		return append(dst, '}')
	case v.pos.param.Repeated():
		dst = append(dst, '[')
		for i, value := range v.values {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, value...)
		}
		return append(dst, ']')
	}
	return append(dst, v.values[0]...)
}

// errNotObject reports JSON text that is valid but not an object.
var errNotObject = errors.New("not a JSON object")

// object is a JSON object being merged with flags: the members the JSON
// argument wrote, with their text kept, followed by the members flags add.
type object struct {
	members []field
}

// field is one member of an object. Its value is raw text, or obj once a
// flag has to add to it.
type field struct {
	key string
	raw string
	obj *object
}

// parseObject reads the members of a valid JSON value text into an object,
// in written order, duplicates included, each value as written. It fails
// when the value is not an object.
func parseObject(text string) (*object, error) {
	o := &object{}
	return o, o.parse(text)
}

// parse appends the members of a valid JSON value text to o, as
// parseObject reads them.
func (o *object) parse(text string) error {
	r, ok := jsonscan.ReadMembers(text)
	if !ok {
		return errNotObject
	}
	for {
		key, value, ok := r.Next()
		if !ok {
			return nil
		}
		o.members = append(o.members, field{key: key, raw: value})
	}
}

// find returns the index of the first member named key, or -1.
func (o *object) find(key string) int {
	for i := range o.members {
		if o.members[i].key == key {
			return i
		}
	}
	return -1
}

func (o *object) has(key string) bool { return o.find(key) >= 0 }

func (o *object) add(key, raw string) {
	o.members = append(o.members, field{key: key, raw: raw})
}

// child returns the object held under key, creating it when missing. path is
// the dotted path of that member, for the message when the JSON argument
// holds something other than an object there.
func (o *object) child(key string, path []string) (*object, error) {
	i := o.find(key)
	if i < 0 {
		o.members = append(o.members, field{key: key, obj: &object{}})
		i = len(o.members) - 1
	}
	f := &o.members[i]
	if f.obj == nil {
		obj, err := parseObject(f.raw)
		if err != nil {
			return nil, notA(strings.Join(path, "."), "object", f.raw)
		}
		f.obj = obj
	}
	return f.obj, nil
}

// appendTo appends the object to dst compactly; values no flag touched keep
// their text.
func (o *object) appendTo(dst []byte) []byte {
	dst = append(dst, '{')
	for i := range o.members {
		f := &o.members[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendQuoted(dst, f.key)
		dst = append(dst, ':')
		if f.obj != nil {
			dst = f.obj.appendTo(dst)
		} else {
			dst = append(dst, f.raw...)
		}
	}
	return append(dst, '}')
}
