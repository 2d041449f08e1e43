package agenttool

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// This file reads the struct tags that Reflect takes a field's schema from,
// besides the json tag: its options, enum and minimum.

// hasOption reports whether the comma-separated tag options contain opt.
func hasOption(opts, opt string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == opt {
			return true
		}
	}
	return false
}

// dominant reports whether fields[i] survives encoding/json's rule for
// fields that share a name: the shallowest wins; among several at that
// depth a single tagged one wins; any other tie drops them all. Argument
// structs have few fields, so comparing each with all the others is cheaper
// than grouping them in a map.
func dominant(fields []fieldInfo, i int) bool {
	f := fields[i]
	for j, g := range fields {
		if j == i || g.name != f.name {
			continue
		}
		if g.depth < f.depth || g.depth == f.depth && (g.tagged || !f.tagged) {
			return false
		}
	}
	return true
}

// field fills dst with the schema of one struct field: the schema of its
// type, then the desc and enum tags and, under strict, nullability for a
// pointer field.
func (r *reflector) field(dst *Schema, f fieldInfo) error {
	if err := r.schema(dst, f.typ, f.goName); err != nil {
		return err
	}
	if desc := f.tag.Get("desc"); desc != "" {
		dst.Description = desc
	}
	if tag := f.tag.Get("enum"); tag != "" {
		var err error
		if dst.Enum, err = parseEnum(tag, f, r.strict); err != nil {
			return err
		}
	}
	if tag, ok := f.tag.Lookup("minimum"); ok {
		m, err := parseMinimum(tag, f)
		if err != nil {
			return err
		}
		dst.Minimum = &m
	}
	if r.strict && f.typ.Kind() == reflect.Pointer {
		dst.Nullable = true
		if dst.Enum != nil {
			dst.Enum = append(dst.Enum, nil)
		}
	}
	return nil
}

// parseEnum parses the values of an enum tag by the kind of the field's
// type with pointers removed; a float must be finite. When the field will
// be a nullable enum, room is left for the null that field appends.
func parseEnum(tag string, f fieldInfo, strict bool) ([]any, error) {
	base, _ := derefAll(f.typ)
	n := strings.Count(tag, ",") + 1
	if strict && f.typ.Kind() == reflect.Pointer {
		n++
	}
	values := make([]any, 0, n)
	for rest, more := tag, true; more; {
		var p string
		p, rest, more = strings.Cut(rest, ",")
		p = strings.TrimSpace(p)
		var (
			v   any
			err error
		)
		switch base.Kind() {
		case reflect.String:
			v = p
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			v, err = strconv.ParseInt(p, 10, 64)
		case reflect.Float32, reflect.Float64:
			var f float64
			if f, err = strconv.ParseFloat(p, 64); err == nil && (math.IsNaN(f) || math.IsInf(f, 0)) {
				// ParseFloat accepts NaN and infinities, which JSON cannot
				// write: the schema would fail to marshal later.
				err = errors.New("not a finite number")
			}
			v = f
		case reflect.Bool:
			v, err = strconv.ParseBool(p)
		default:
			return nil, fmt.Errorf("agenttool: field %s: enum tag on unsupported type %s", f.goName, f.typ)
		}
		if err != nil {
			return nil, fmt.Errorf("agenttool: field %s: enum value %q: %w", f.goName, p, err)
		}
		values = append(values, v)
	}
	return values, nil
}

// parseMinimum parses the value of a minimum tag, which must be a finite
// number on a field of a numeric kind, pointers removed.
func parseMinimum(tag string, f fieldInfo) (float64, error) {
	base, _ := derefAll(f.typ)
	switch base.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
	default:
		return 0, fmt.Errorf("agenttool: field %s: minimum tag on unsupported type %s", f.goName, f.typ)
	}
	m, err := strconv.ParseFloat(strings.TrimSpace(tag), 64)
	if err == nil && (math.IsNaN(m) || math.IsInf(m, 0)) {
		err = errors.New("not a finite number")
	}
	if err != nil {
		return 0, fmt.Errorf("agenttool: field %s: minimum %q: %w", f.goName, tag, err)
	}
	return m, nil
}
