package agentskill

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

const skillFile = "---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody\n"

func TestLoadFileChoice(t *testing.T) {
	other := "---\nname: other\ndescription: d\n---\n"
	tests := []struct {
		name     string
		fsys     fstest.MapFS
		wantName string
		wantErr  error
	}{
		{"SKILL.md", fstest.MapFS{"SKILL.md": {Data: []byte(skillFile)}}, "pdf", nil},
		{"skill.md alone", fstest.MapFS{"skill.md": {Data: []byte(skillFile)}}, "pdf", nil},
		{"SKILL.md preferred", fstest.MapFS{
			"skill.md": {Data: []byte(other)},
			"SKILL.md": {Data: []byte(skillFile)},
		}, "pdf", nil},
		{"a directory named SKILL.md does not count", fstest.MapFS{
			"SKILL.md/x": {Data: []byte("x")},
			"skill.md":   {Data: []byte(other)},
		}, "other", nil},
		{"other case does not count", fstest.MapFS{"Skill.md": {Data: []byte(skillFile)}}, "", ErrNoSkillFile},
		{"neither", fstest.MapFS{"README.md": {Data: []byte("x")}}, "", ErrNoSkillFile},
		{"empty", fstest.MapFS{}, "", ErrNoSkillFile},
		{"parse errors unchanged", fstest.MapFS{"SKILL.md": {Data: []byte("name: x\n")}}, "", ErrNoFrontmatter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(tt.fsys, "pdf")
			if tt.wantErr != nil {
				if err != tt.wantErr {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != tt.wantName {
				t.Errorf("Name = %q, want %q", s.Name, tt.wantName)
			}
		})
	}
}

func TestLoadDirName(t *testing.T) {
	fsys := fstest.MapFS{"SKILL.md": {Data: []byte(skillFile)}}
	for location, want := range map[string]string{
		"skills/pdf": "pdf", "skills/pdf/": "pdf", "pdf": "pdf", `skills\pdf`: filepath.Base(filepath.FromSlash(`skills\pdf`)),
		"/abs/pdf//": "pdf", "": "", ".": "", "/": "", "skills/.": "",
	} {
		s, err := Load(fsys, location)
		if err != nil {
			t.Fatal(err)
		}
		if s.DirName != want {
			t.Errorf("Load(location %q).DirName = %q, want %q", location, s.DirName, want)
		}
	}
}

// probeFS cannot be listed but reads its files.
type probeFS struct {
	files   map[string]string
	readErr error
}

func (p probeFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

func (p probeFS) ReadFile(name string) ([]byte, error) {
	if p.readErr != nil {
		return nil, p.readErr
	}
	if data, ok := p.files[name]; ok {
		return []byte(data), nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

func TestLoadProbing(t *testing.T) {
	tests := []struct {
		name     string
		fsys     probeFS
		wantName string
		wantErr  string
	}{
		{"SKILL.md", probeFS{files: map[string]string{"SKILL.md": skillFile}}, "pdf", ""},
		{"skill.md", probeFS{files: map[string]string{"skill.md": skillFile}}, "pdf", ""},
		{"neither", probeFS{files: map[string]string{}}, "", ErrNoSkillFile.Error()},
		{"read error", probeFS{readErr: errors.New("disk on fire")}, "", "agentskill: read SKILL.md: disk on fire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(tt.fsys, "pdf")
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != tt.wantName || s.DirName != "pdf" {
				t.Errorf("Name, DirName = %q, %q", s.Name, s.DirName)
			}
		})
	}
}

// unreadableFS lists SKILL.md but fails to read it.
type unreadableFS struct{ fstest.MapFS }

func (u unreadableFS) ReadFile(name string) ([]byte, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

func TestLoadReadErrorWrapped(t *testing.T) {
	_, err := Load(unreadableFS{fstest.MapFS{"SKILL.md": {Data: []byte(skillFile)}}}, "pdf")
	if !errors.Is(err, fs.ErrPermission) || !strings.HasPrefix(err.Error(), "agentskill: read SKILL.md: ") {
		t.Errorf("error = %v, want a wrapped permission error", err)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

func TestLoadDir(t *testing.T) {
	t.Run("a directory", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pdf")
		writeFile(t, filepath.Join(dir, "SKILL.md"), skillFile)
		s, err := LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != "pdf" || s.DirName != "pdf" || s.Body != "Body\n" || s.Validate() != nil {
			t.Errorf("got %#v", s)
		}
	})
	t.Run("a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "SKILL.md")
		writeFile(t, file, skillFile)
		_, err := LoadDir(file)
		if err == nil || err.Error() != "agentskill: "+file+": not a directory" {
			t.Errorf("error = %v, want not a directory", err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		_, err := LoadDir(filepath.Join(t.TempDir(), "none"))
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("error = %v, want not-exist", err)
		}
	})
	t.Run("no skill file", func(t *testing.T) {
		if _, err := LoadDir(t.TempDir()); err != ErrNoSkillFile {
			t.Errorf("error = %v, want ErrNoSkillFile", err)
		}
	})
	t.Run("SKILL.md linked outside", func(t *testing.T) {
		base := t.TempDir()
		secret := filepath.Join(base, "secret.md")
		writeFile(t, secret, skillFile)
		dir := filepath.Join(base, "pdf")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		symlink(t, secret, filepath.Join(dir, "SKILL.md"))
		// Were the file read, its contents would parse as a valid skill.
		s, err := LoadDir(dir)
		if !errors.Is(err, ErrOutside) {
			t.Fatalf("LoadDir = %v, %v; want an error matching ErrOutside", s, err)
		}
	})
	t.Run("SKILL.md linked relatively outside", func(t *testing.T) {
		base := t.TempDir()
		writeFile(t, filepath.Join(base, "secret.md"), skillFile)
		dir := filepath.Join(base, "pdf")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		symlink(t, "../secret.md", filepath.Join(dir, "skill.md"))
		if _, err := LoadDir(dir); !errors.Is(err, ErrOutside) {
			t.Fatalf("error = %v, want ErrOutside", err)
		}
	})
	t.Run("SKILL.md linked to the parent directory", func(t *testing.T) {
		base := t.TempDir()
		dir := filepath.Join(base, "pdf")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		symlink(t, "..", filepath.Join(dir, "SKILL.md"))
		if _, err := LoadDir(dir); !errors.Is(err, ErrOutside) {
			t.Fatalf("error = %v, want ErrOutside", err)
		}
	})
	t.Run("link inside the directory", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pdf")
		writeFile(t, filepath.Join(dir, "docs", "real.md"), skillFile)
		symlink(t, filepath.Join("docs", "real.md"), filepath.Join(dir, "SKILL.md"))
		s, err := LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != "pdf" {
			t.Errorf("Name = %q", s.Name)
		}
	})
	// os.Root refuses an absolute link, and a link whose path passes
	// through the parent, even when it ends inside the directory; such a
	// link is still inside and loads.
	for name, target := range map[string]func(dir string) string{
		"absolute link inside the directory":    func(dir string) string { return filepath.Join(dir, "docs", "real.md") },
		"link inside through the parent":        func(string) string { return filepath.Join("..", "pdf", "docs", "real.md") },
		"absolute link to a link inside":        func(dir string) string { return filepath.Join(dir, "docs", "link.md") },
		"link inside through a dot-dot segment": func(string) string { return filepath.Join("docs", "..", "docs", "real.md") },
	} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pdf")
			writeFile(t, filepath.Join(dir, "docs", "real.md"), skillFile)
			symlink(t, "real.md", filepath.Join(dir, "docs", "link.md"))
			symlink(t, target(dir), filepath.Join(dir, "SKILL.md"))
			s, err := LoadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != "pdf" || s.DirName != "pdf" {
				t.Errorf("Name %q, DirName %q; want pdf for both", s.Name, s.DirName)
			}
		})
	}
	t.Run("dangling link", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pdf")
		writeFile(t, filepath.Join(dir, "skill.md"), skillFile)
		symlink(t, "nowhere.md", filepath.Join(dir, "SKILL.md"))
		s, err := LoadDir(dir)
		if err != nil || s.Name != "pdf" {
			t.Errorf("LoadDir = %v, %v; want skill.md read", s, err)
		}
	})
	t.Run("symlinked skill directory", func(t *testing.T) {
		base := t.TempDir()
		real := filepath.Join(base, "store", "pdf-1.2")
		writeFile(t, filepath.Join(real, "SKILL.md"), skillFile)
		if err := os.Mkdir(filepath.Join(base, "skills"), 0o755); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(base, "skills", "pdf")
		symlink(t, real, link)
		s, err := LoadDir(link)
		if err != nil {
			t.Fatal(err)
		}
		if s.DirName != "pdf" {
			t.Errorf("DirName = %q, want the link's name", s.DirName)
		}
	})
	t.Run("relative directory", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pdf")
		writeFile(t, filepath.Join(dir, "SKILL.md"), skillFile)
		t.Chdir(dir)
		s, err := LoadDir(".")
		if err != nil {
			t.Fatal(err)
		}
		if s.DirName != "pdf" {
			t.Errorf("DirName = %q, want %q", s.DirName, "pdf")
		}
	})
}

func TestGuardFS(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "pdf")
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillFile)
	writeFile(t, filepath.Join(base, "secret"), "x")
	symlink(t, filepath.Join(base, "secret"), filepath.Join(dir, "out"))
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	resolved, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := guardFS{dir: resolved, fsys: root.FS()}

	ops := map[string]func(string) error{
		"open":    func(n string) error { f, err := g.Open(n); closeFile(f); return err },
		"readdir": func(n string) error { _, err := g.ReadDir(n); return err },
		"stat":    func(n string) error { _, err := g.Stat(n); return err },
		"read":    func(n string) error { _, err := g.ReadFile(n); return err },
	}
	for op, do := range ops {
		t.Run(op, func(t *testing.T) {
			if err := do("../pdf"); !errors.Is(err, fs.ErrInvalid) {
				t.Errorf("invalid name: %v, want fs.ErrInvalid", err)
			}
			var pe *fs.PathError
			if err := do("out"); !errors.Is(err, ErrOutside) || !errors.As(err, &pe) || pe.Path != "out" {
				t.Errorf("link outside: %v, want a PathError matching ErrOutside", err)
			}
			if err := do("missing"); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("missing: %v, want not-exist", err)
			}
		})
	}
	data, err := g.ReadFile("SKILL.md")
	if err != nil || string(data) != skillFile {
		t.Errorf("ReadFile(SKILL.md) = %q, %v", data, err)
	}
}

func closeFile(f fs.File) {
	if f != nil {
		f.Close()
	}
}
