//go:build unix

package runfile

import (
	"errors"
	"os"
	"syscall"
)

// lock takes an exclusive lock on f, or fails at once if another process holds it. The system drops the
// lock when the process dies, so a killed run never leaves a stale one.
func lock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return ErrLocked
	}
	return err
}

func unlock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
