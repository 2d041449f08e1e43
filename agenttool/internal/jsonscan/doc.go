// Package jsonscan reads JSON text without decoding it, for agenttool and
// agenttool/cli: it finds where a value ends, which members an object holds
// and which elements an array holds, in written order, decoding nothing it
// is not asked for, and it decides whether a number literal is an integer.
//
// The splitters take text that encoding/json has already accepted (or a
// value inside such a text). On text that is not valid JSON they give some
// answer without failing, looping or reading out of bounds, so a caller
// that has not checked its text can still use them to describe it. Every
// function works on a string or on a []byte alike. The fuzz targets of the
// package hold all of it to encoding/json.
package jsonscan

// Text is the JSON text the functions of the package read.
type Text interface{ ~string | ~[]byte }
