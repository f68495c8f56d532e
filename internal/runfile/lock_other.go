//go:build !unix && !windows

package runfile

import "os"

// lock is a no-op where the system offers no file lock queens knows how to take: two processes must then
// not share a checkpoint.
func lock(*os.File) error { return nil }

func unlock(*os.File) {}
