package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
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
				return fmt.Errorf("--%s and the JSON argument both give %q", v.pos.flag, v.pos.dotted()+"."+key)
			}
			obj.add(key, v.values[i])
		}
		return nil
	case obj.has(last):
		return fmt.Errorf("--%s and the JSON argument both give %q", v.pos.flag, v.pos.dotted())
	case p.Repeated():
		list := json.RawMessage("[")
		for i, raw := range v.values {
			if i > 0 {
				list = append(list, ',')
			}
			list = append(list, raw...)
		}
		obj.add(last, append(list, ']'))
	default:
		obj.add(last, v.values[0])
	}
	return nil
}

// member is one member of a JSON object: its unescaped key and its value's
// text as written.
type member struct {
	key   string
	value json.RawMessage
}

// errNotObject reports JSON text that is valid but not an object.
var errNotObject = errors.New("not a JSON object")

// members returns the members of the JSON object text in written order,
// duplicates included, each value as written. It walks the text with
// json.Decoder.Token, so the order is the text's and not a map's.
func members(text []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, errNotObject
	}
	var ms []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		ms = append(ms, member{key: key, value: value})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object")
	}
	return ms, nil
}

// object is a JSON object being merged with flags: the members the JSON
// argument wrote, with their text kept, followed by the members flags add.
type object struct {
	members []*field
}

// field is one member of an object. Its value is raw text, or obj once a
// flag has to add to it.
type field struct {
	key string
	raw json.RawMessage
	obj *object
}

// parseObject reads JSON object text into an object.
func parseObject(text []byte) (*object, error) {
	ms, err := members(text)
	if err != nil {
		return nil, err
	}
	o := &object{members: make([]*field, len(ms))}
	for i, m := range ms {
		o.members[i] = &field{key: m.key, raw: m.value}
	}
	return o, nil
}

func (o *object) find(key string) *field {
	for _, f := range o.members {
		if f.key == key {
			return f
		}
	}
	return nil
}

func (o *object) has(key string) bool { return o.find(key) != nil }

func (o *object) add(key string, raw json.RawMessage) {
	o.members = append(o.members, &field{key: key, raw: raw})
}

// child returns the object held under key, creating it when missing. path is
// the dotted path of that member, for the message when the JSON argument
// holds something other than an object there.
func (o *object) child(key string, path []string) (*object, error) {
	f := o.find(key)
	if f == nil {
		f = &field{key: key, obj: &object{}}
		o.members = append(o.members, f)
	}
	if f.obj == nil {
		obj, err := parseObject(f.raw)
		if err != nil {
			return nil, fmt.Errorf("the JSON argument gives %q, which is not an object", strings.Join(path, "."))
		}
		f.obj = obj
	}
	return f.obj, nil
}

// write writes the object compactly; values no flag touched keep their
// text.
func (o *object) write(buf *bytes.Buffer) {
	buf.WriteByte('{')
	for i, f := range o.members {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(quote(f.key))
		buf.WriteByte(':')
		if f.obj != nil {
			f.obj.write(buf)
		} else {
			buf.Write(f.raw)
		}
	}
	buf.WriteByte('}')
}
