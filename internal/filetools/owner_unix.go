//go:build unix

package filetools

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// fileOwner returns the user and group that own the file of info; ok is
// false when info does not tell.
func fileOwner(info fs.FileInfo) (uid, gid uint32, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return st.Uid, st.Gid, true
}

// keepOwner gives f, the new file about to take the place of the file of
// was at the path shown, was's owner and group where they are not already
// f's, as a file written by root for another user, or in a directory that
// gives new files its own group, would not have them. Where the system
// refuses (only root gives a file to another user), f keeps the group
// when it may, and the write goes ahead with the note that says whose the
// file now is; only a failure to look at f fails it.
func keepOwner(f *os.File, was fs.FileInfo, shown string) ([]string, error) {
	wantUID, wantGID, ok := fileOwner(was)
	if !ok {
		return nil, nil
	}
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	uid, gid, ok := fileOwner(info)
	if !ok || uid == wantUID && gid == wantGID {
		return nil, nil
	}
	err = f.Chown(int(wantUID), int(wantGID))
	if err == nil {
		return nil, nil
	}
	if uid != wantUID && gid != wantGID && f.Chown(-1, int(wantGID)) == nil {
		gid = wantGID
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return []string{ownerNote(shown, uid, gid, wantUID, wantGID, err)}, nil
}
