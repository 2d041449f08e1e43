//go:build !unix && !windows

package cli

// readerGone reports false where no error tells a reader that has gone:
// every failed write is reported.
func readerGone(error) bool { return false }
