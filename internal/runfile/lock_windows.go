//go:build windows

package runfile

import (
	"os"
	"syscall"
)

// held maps each locked checkpoint to the handle of its lock file.
var held = map[*os.File]syscall.Handle{}

// lock opens the file f's name + ".lock" with no sharing allowed and keeps the handle until unlock:
// Windows refuses any other process that opens it meanwhile, and closes the handle when the process
// dies, so a lock file left behind by a killed run blocks nothing.
func lock(f *os.File) error {
	name, err := syscall.UTF16PtrFromString(f.Name() + ".lock")
	if err != nil {
		return err
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil, syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return ErrLocked
	}
	held[f] = h
	return nil
}

func unlock(f *os.File) {
	if h, ok := held[f]; ok {
		syscall.CloseHandle(h)
		delete(held, f)
		os.Remove(f.Name() + ".lock")
	}
}
