package filetools

import (
	"errors"
	"io/fs"
	"syscall"
)

// errInvalidName is ERROR_INVALID_NAME, Windows' refusal of a name that
// holds a character no name may hold, such as a glob's * or ?; Go does not
// count it as fs.ErrNotExist.
const errInvalidName = syscall.Errno(123)

// nameMissing reports whether err says that nothing has the name asked for:
// it does not exist, or it could not, as a name holding * or ? cannot on
// Windows.
func nameMissing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, errInvalidName)
}
