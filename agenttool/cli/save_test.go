package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"mime"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestSaveFiles(t *testing.T) {
	dir := t.TempDir()
	got := run(t, fixtures(), "", "--out", dir, "shot")
	want := "here it is\n" + filepath.Join(dir, "output-1.png") + "\nhttps://example.com/a.png\n"
	if got.status != ExitOK || got.stdout != want {
		t.Fatalf("got\n%v\nwant stdout %q", got, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "output-1.png"))
	if err != nil || !bytes.Equal(data, pngBytes) {
		t.Errorf("saved %q, %v", data, err)
	}
}

func TestOutReused(t *testing.T) {
	dir := t.TempDir()
	for i, want := range []string{"output-1.png", "output-1-2.png"} {
		got := run(t, fixtures(), "", "--out", dir, "shot")
		lines := strings.Split(got.stdout, "\n")
		if got.status != ExitOK || len(lines) < 2 || lines[1] != filepath.Join(dir, want) {
			t.Errorf("run %d:\n%v\nwant %s", i+1, got, want)
		}
	}
}

func TestOutCreatedWithParents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	if got := run(t, fixtures(), "", "--out", dir, "ping"); got.status != ExitOK {
		t.Fatalf("%v", got)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a run that saves nothing created %s (%v)", dir, err)
	}
	if got := run(t, fixtures(), "", "--out", dir, "shot"); got.status != ExitOK {
		t.Fatalf("%v", got)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Errorf("--out not created: %v", err)
	}
}

func TestNameWithPath(t *testing.T) {
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "./bin/kit", Tools: fixtures(), Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"shot"}); status != ExitOK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	lines := strings.Split(stdout.String(), "\n")
	if len(lines) < 2 || !strings.HasSuffix(lines[1], "output-1.png") {
		t.Fatalf("stdout %q", stdout.String())
	}
	dir := filepath.Dir(lines[1])
	t.Cleanup(func() { os.RemoveAll(dir) })
	if !strings.HasPrefix(filepath.Base(dir), "kit-") {
		t.Errorf("directory %s is not named after the program", dir)
	}
}

// TestTempDirFallback checks the name of the temporary directory when the
// program's name has no usable base name.
func TestTempDirFallback(t *testing.T) {
	for _, name := range []string{"", ".", "..", "/"} {
		p := &printer{w: &bytes.Buffer{}, program: name}
		dir, err := p.makeDir()
		if err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(dir)
		if base := filepath.Base(dir); !strings.HasPrefix(base, "output-") {
			t.Errorf("program %q: directory %s", name, dir)
		}
	}
}

func TestFileData(t *testing.T) {
	report := []byte("report \xfb\xff body")
	png := pngBytes
	tool := agenttool.NewFunc("export", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Parts(
			agenttool.FilePart{Filename: "../report.txt", Data: base64.RawURLEncoding.EncodeToString(report)},
			agenttool.FilePart{Filename: "report.txt", Data: "data:text/plain;base64," + base64.StdEncoding.EncodeToString([]byte("second"))},
			agenttool.ImagePart{URL: "data:text/plain;charset=utf-8,hello%20world"},
			agenttool.ImagePart{URL: "data:image/png;base64," + base64.RawStdEncoding.EncodeToString(png)},
		), nil
	})
	dir := t.TempDir()
	got := run(t, agenttool.Set{tool}, "", "--out", dir, "export")
	names := []string{"report.txt", "report-2.txt", "output-3.txt", "output-4.png"}
	var want strings.Builder
	for _, n := range names {
		want.WriteString(filepath.Join(dir, n) + "\n")
	}
	if got.status != ExitOK || got.stdout != want.String() {
		t.Fatalf("got\n%v\nwant stdout %q", got, want.String())
	}
	contents := [][]byte{report, []byte("second"), []byte("hello world"), png}
	for i, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || !bytes.Equal(data, contents[i]) {
			t.Errorf("%s holds %q (%v), want %q", n, data, err, contents[i])
		}
	}
}

func TestCreateNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "a-2.txt", ".env"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ name, want string }{
		{"a.txt", "a-3.txt"},
		{".env", ".env-2"},
		{"b", "b"},
	}
	for _, tc := range tests {
		f, path, err := create(dir, tc.name, maxNames)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if path != filepath.Join(dir, tc.want) {
			t.Errorf("create(%q) = %s, want %s", tc.name, path, tc.want)
		}
	}
	if _, _, err := create(filepath.Join(dir, "missing"), "x", maxNames); err == nil {
		t.Error("create in a missing directory succeeded")
	}
}

func TestCreateGivesUp(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 3; i++ {
		name := "x"
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := create(dir, "x", 3); err == nil || !strings.Contains(err.Error(), "no free name") {
		t.Errorf("with every name taken: %v", err)
	}
}

func TestExtension(t *testing.T) {
	tests := map[string]string{
		"image/png": ".png", "IMAGE/JPEG ; q=1": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
		"application/pdf": ".pdf", "text/plain; charset=utf-8": ".txt", "": ".bin",
		"application/octet-stream": ".bin", "application/x-cli-test": ".zzcli", "no/such-type": ".bin",
	}
	if err := mime.AddExtensionType(".zzcli", "application/x-cli-test"); err != nil {
		t.Fatal(err)
	}
	for media, want := range tests {
		if got := extension(media); got != want {
			t.Errorf("extension(%q) = %q, want %q", media, got, want)
		}
	}
}

func TestDecodeDataURL(t *testing.T) {
	tests := []struct {
		url   string
		data  string
		media string
		ok    bool
	}{
		{"data:text/plain;charset=utf-8,hello%20world", "hello world", "text/plain", true},
		{"data:,a+b%2B", "a+b+", "", true},
		{"data:image/png;base64,aGk=", "hi", "image/png", true},
		{"data:image/png;base64,aGk", "hi", "image/png", true},
		{"data:;base64,-_8=", "\xfb\xff", "", true},
		{"data:;base64,-_8", "\xfb\xff", "", true},
		{"data:,bad%2", "", "", false},
		{"data:,bad%zz", "", "", false},
		{"data:no-comma", "", "", false},
		{"https://example.com", "", "", false},
	}
	for _, tc := range tests {
		data, media, ok := decodeDataURL(tc.url)
		if ok != tc.ok || (ok && (string(data) != tc.data || media != tc.media)) {
			t.Errorf("decodeDataURL(%q) = %q, %q, %v", tc.url, data, media, ok)
		}
	}
}
