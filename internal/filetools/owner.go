package filetools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// replaceable refuses the regular file base in d, of info, at the path
// argument p, which would be replaced (what: "replaced", "edited"), when it
// is to stay as it is: when its owner may not write it (see readOnly), or
// when the user running the tool may not, which the system answers by an
// open for writing that is closed at once, neither truncating nor creating
// anything. Root may write any file, and the owner's bit is what keeps a
// file from root; a user may write another's file only where the group's
// or others' bit lets them, and a directory that lets them put a new file
// in its place does not make it theirs to change.
func replaceable(d *os.Root, base, p string, info fs.FileInfo, what string) error {
	if err := readOnly(p, info, what); err != nil {
		return err
	}
	f, err := d.OpenFile(base, os.O_WRONLY|openNonblock, 0)
	if err == nil {
		_ = f.Close()
		return nil
	}
	return notWritable(p, info, what, err)
}

// readOnly refuses the file of info at the path argument p, which would be
// replaced (what), when its owner may not write it: a file made read-only
// was meant to stay as it is, though its directory lets a new file take
// its place.
func readOnly(p string, info fs.FileInfo, what string) error {
	if info.Mode().Perm()&0o200 != 0 {
		return nil
	}
	return fmt.Errorf("path %q is read-only (%v), so it is not %s; make it writable first if it is meant to change", p, info.Mode().Perm(), what)
}

// notWritable returns the refusal of the file of info at the path argument
// p, which would be replaced (what), when err, the failure of opening it
// for writing, says that the user running the tool may not write it; nil
// for any other failure, which is not the system's answer to the question
// (a running program's file, ETXTBSY, or one removed since the look), so
// that the write goes ahead and meets what it meets.
func notWritable(p string, info fs.FileInfo, what string, err error) error {
	if !errors.Is(err, fs.ErrPermission) {
		return nil
	}
	whose := ""
	if uid, gid, ok := fileOwner(info); ok {
		whose = fmt.Sprintf(", owner %d, group %d", uid, gid)
	}
	return fmt.Errorf("path %q is not writable by this user (%v%s), so it is not %s; its owner can make it writable if it is meant to change", p, info.Mode().Perm(), whose, what)
}

// ownerNote returns the note on the file put at the path shown that
// belongs to user uid and group gid where the file it replaced belonged to
// wasUID and wasGID, since the system refused, with err, to give it those:
// the file changed hands, which the caller should know. An EPERM is the
// rule that only root gives a file to another user, or to a group its
// owner is not in; any other refusal is named as it is.
func ownerNote(shown string, uid, gid, wasUID, wasGID uint32, err error) string {
	var now, was []string
	if uid != wasUID {
		now, was = append(now, fmt.Sprintf("user %d", uid)), append(was, fmt.Sprint(wasUID))
	}
	if gid != wasGID {
		now, was = append(now, fmt.Sprintf("group %d", gid)), append(was, fmt.Sprint(wasGID))
	}
	if len(now) == 2 {
		was = []string{"user " + was[0], "group " + was[1]}
	}
	why := fmt.Sprintf("since giving it back failed (%v)", err)
	switch {
	case !errors.Is(err, fs.ErrPermission):
	case len(now) == 2:
		why = "since only root can give a file to another user, or to a group its owner is not in"
	case uid != wasUID:
		why = "since only root can give a file to another user"
	default:
		why = "since only root can give a file to a group its owner is not in"
	}
	return fmt.Sprintf("%s now belongs to %s rather than %s, %s", shownName(shown), strings.Join(now, " and "), strings.Join(was, " and "), why)
}
