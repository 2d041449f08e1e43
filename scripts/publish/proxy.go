package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
)

// write adds version of m to the proxy directory out: the version is
// appended to @v/list unless it is there already, and the .info, .mod and
// .zip files are written (replaced if present).
func write(out string, m module, version string, when time.Time) error {
	esc, err := escapePath(m.path)
	if err != nil {
		return err
	}
	dir := filepath.Join(out, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, version)
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when.UTC()})
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".info", info, 0o644); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(m.dir, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".mod", gomod, 0o644); err != nil {
		return err
	}
	if err := writeZip(base+".zip", m, version); err != nil {
		return err
	}
	return addToList(filepath.Join(dir, "list"), version)
}

// writeZip writes the module zip of m at version: each file of the module
// under the directory <module>@<version>/, as the go command expects.
func writeZip(name string, m module, version string) (err error) {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	zw := zip.NewWriter(f)
	prefix := m.path + "@" + version + "/"
	for _, rel := range m.files {
		if err := addFile(zw, prefix+rel, filepath.Join(m.dir, filepath.FromSlash(rel))); err != nil {
			return err
		}
	}
	return zw.Close()
}

func addFile(zw *zip.Writer, name, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%q: not a regular file; a module zip holds regular files only", src)
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	if err != nil {
		return err
	}
	_, err = io.Copy(w, in)
	return err
}

// addToList appends version to the proxy's list file unless it is there.
func addToList(list, version string) error {
	data, err := os.ReadFile(list)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for v := range strings.FieldsSeq(string(data)) {
		if v == version {
			return nil
		}
	}
	f, err := os.OpenFile(list, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(f, version); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// escapePath spells a module path as a proxy stores it: each upper-case
// letter becomes '!' and its lower-case form, so that the path survives a
// case-insensitive file system.
func escapePath(p string) (string, error) {
	var b strings.Builder
	for _, r := range p {
		switch {
		case r == '!':
			return "", fmt.Errorf("module path %q: '!' is not allowed", p)
		case unicode.IsUpper(r) && r < unicode.MaxASCII:
			b.WriteByte('!')
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), nil
}
