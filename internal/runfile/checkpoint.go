package runfile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/queens-dev/queens/solvers"
)

// A checkpoint file is text. Its first line is a JSON header naming the run; each line after it is one
// finished task, "TASK COUNT CLASSES CRC", where CRC is the CRC-32 of the rest of the line in hex. A line
// is appended as its task ends, so a killed process loses at most the tasks that were running, and the
// file is flushed to the disk (fsync) at least every syncEvery, so a crashed machine loses at most that
// much more. A last line without its newline, or whose CRC does not match, was torn by a kill mid-write
// (or a crash before the flush): it is ignored and cut off before the run appends again, as is a header
// cut short before any record. A line whose CRC matches was written whole and is held to be as written:
// a field out of range there (a task not in the list, a count past 64 bits) is an error, as is any other
// damage. The file is read as a stream, each line bounded by the longest that may stand there.

// header is a checkpoint's first line.
type header struct {
	Format      string `json:"queens_checkpoint"`
	Fingerprint string `json:"fingerprint"`
	Model       string `json:"model"`
	Method      string `json:"method"`
	Key         string `json:"key"`
	Tasks       int    `json:"tasks"`
	Version     string `json:"version"`
}

const checkpointFormat = "1"

// MaxCheckpointSize bounds the file Open reads: a record takes under 60 bytes, so this holds millions of
// tasks.
const MaxCheckpointSize = 1 << 30

// Checkpoint is an open checkpoint file, locked against other processes until Close.
type Checkpoint struct {
	f    *os.File
	path string
	// Done holds the tallies of the tasks the file records, by task.
	Done map[int]solvers.Tally
	// Torn is true when a torn last line was found and cut off.
	Torn bool
	// synced is when the file was last flushed to the disk.
	synced time.Time
}

// Open opens the checkpoint at path for run r, creating it with its header if it does not exist, and
// locks it. A file made for another run (model, method, task list or program version) is refused, as
// is one another process holds, and one damaged other than by a torn last line.
func Open(path string, r Run) (*Checkpoint, error) {
	// A path that is there must be a regular file before it is opened: opening a FIFO, a device or a
	// terminal for writing is already an act on it.
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("checkpoint %s: not a regular file", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	c := &Checkpoint{f: f, path: path, Done: map[int]solvers.Tally{}}
	if err := c.load(r); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// ErrLocked is wrapped by Open's error when another process holds the file.
var ErrLocked = errors.New("another process is writing this checkpoint")

func (c *Checkpoint) load(r Run) error {
	info, err := c.f.Stat()
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("checkpoint %s: not a regular file", c.path)
	}
	if info.Size() > MaxCheckpointSize {
		return fmt.Errorf("checkpoint %s: %d bytes, more than the %d a checkpoint may hold", c.path, info.Size(), MaxCheckpointSize)
	}
	want := header{Format: checkpointFormat, Fingerprint: r.Fingerprint(), Model: r.Model, Method: r.Method, Key: r.Key, Tasks: r.Tasks, Version: r.Version}
	head, err := json.Marshal(want)
	if err != nil {
		return err
	}
	if info.Size() == 0 {
		return c.start(head)
	}
	// The file is read as a stream, a line at a time, each line bounded by the longest that can belong
	// where it stands: memory is the records kept, whatever the file holds.
	br := bufio.NewReaderSize(io.LimitReader(c.f, MaxCheckpointSize), 64<<10)
	first, complete, err := readLine(br, len(head)+maxForeignHeader)
	if err != nil && !errors.Is(err, errLong) {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	var got header
	switch {
	case errors.Is(err, errLong):
		return fmt.Errorf("checkpoint %s: line 1: more than %d bytes, longer than a header of this run's could be", c.path, len(head)+maxForeignHeader)
	case !complete && len(first) < len(head) && bytes.HasPrefix(head, first):
		// The header itself was torn by a kill as it was written: nothing was recorded yet.
		c.Torn = true
		if err := c.f.Truncate(0); err != nil {
			return fmt.Errorf("checkpoint %s: cutting off a torn header: %w", c.path, err)
		}
		if _, err := c.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("checkpoint %s: %w", c.path, err)
		}
		return c.start(head)
	case strictUnmarshal(first, &got) != nil || got.Format != checkpointFormat:
		return fmt.Errorf("checkpoint %s: line 1: not a queens checkpoint header", c.path)
	case got.Fingerprint != want.Fingerprint:
		return fmt.Errorf("checkpoint %s: made for another run (%s), not this one (%s)", c.path,
			Run{Model: got.Model, Method: got.Method, Key: got.Key, Tasks: got.Tasks, Version: got.Version}.describe(), r.describe())
	case got != want:
		return fmt.Errorf("checkpoint %s: line 1: the header's fields do not match its fingerprint (edited by hand?)", c.path)
	case !complete:
		// A header whose newline is missing is a sound start: the newline is written before any record.
		if _, err := c.f.Seek(int64(len(first)), io.SeekStart); err != nil {
			return fmt.Errorf("checkpoint %s: %w", c.path, err)
		}
		if _, err := c.f.Write([]byte("\n")); err != nil {
			return fmt.Errorf("checkpoint %s: ending the header's line: %w", c.path, err)
		}
		return c.sync()
	}
	good := int64(len(first)) + 1 // bytes of the file that hold whole, sound lines
	for line := 2; ; line++ {
		text, complete, err := readLine(br, maxRecordLine)
		switch {
		case errors.Is(err, errLong):
			return fmt.Errorf("checkpoint %s: line %d: more than the %d bytes a record takes", c.path, line, maxRecordLine)
		case err != nil:
			return fmt.Errorf("checkpoint %s: line %d: %w", c.path, line, err)
		case len(text) == 0 && !complete:
			// The end of the file.
		case !complete:
			c.Torn = true // the last line, cut short by a kill: written again when its task reruns
		default:
			i, t, err := parseRecord(text, r.Tasks)
			var sum *checksumError
			if errors.As(err, &sum) {
				if _, err := br.Peek(1); err == io.EOF {
					// The last line, whole but garbled: a crash of the machine before the flush can leave
					// such a tail. A record whose checksum matches was written whole, and is held to be right.
					c.Torn = true
					break
				}
			}
			if err != nil {
				return fmt.Errorf("checkpoint %s: line %d: %w", c.path, line, err)
			}
			if old, dup := c.Done[i]; dup && old != t {
				return fmt.Errorf("checkpoint %s: line %d: task %d recorded twice with different counts", c.path, line, i)
			}
			c.Done[i] = t
			good += int64(len(text)) + 1
			continue
		}
		break
	}
	if c.Torn {
		if err := c.f.Truncate(good); err != nil {
			return fmt.Errorf("checkpoint %s: cutting off a torn line: %w", c.path, err)
		}
	}
	if _, err := c.f.Seek(good, io.SeekStart); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	return nil
}

// start writes the header of a new checkpoint.
func (c *Checkpoint) start(head []byte) error {
	if _, err := c.f.Write(append(head, '\n')); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	return c.sync()
}

// maxForeignHeader is how much longer than this run's header another run's may be and still be read,
// to say which run it was made for. Past that, the line is not read: it cannot be this run's.
const maxForeignHeader = 64 << 10

// maxRecordLine bounds a record line: "TASK COUNT CLASSES CRC" takes at most 8+1+20+1+20+1+8 bytes.
const maxRecordLine = 64

// errLong reports a line longer than any that may stand where it stands.
var errLong = errors.New("line too long")

// readLine reads one line of at most limit bytes (without its newline) from br, and reports whether its
// newline was there. It stops at the first byte past the limit with errLong, without reading on. At the
// end of the input it returns what is left, which may be nothing, and false.
func readLine(br *bufio.Reader, limit int) ([]byte, bool, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		full := len(part) > 0 && part[len(part)-1] == '\n'
		if full {
			part = part[:len(part)-1]
		}
		if len(line)+len(part) > limit {
			return nil, false, errLong
		}
		line = append(line, part...)
		switch {
		case full:
			return line, true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return line, false, nil
		}
		return nil, false, err
	}
}

// strictUnmarshal decodes one JSON value into v, refusing unknown fields and anything after the value.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the header")
	}
	return nil
}

// checksumError is a record whose checksum does not match its text.
type checksumError struct{ line string }

func (e *checksumError) Error() string { return fmt.Sprintf("checksum does not match: %q", e.line) }

// parseRecord reads "TASK COUNT CLASSES CRC", exactly as Record writes it: the checksum must match, and
// then every field must be in range (a task of the list, counts within 64 bits) and written as Record
// writes it, without signs, leading zeros or extra spaces.
func parseRecord(line []byte, tasks int) (int, solvers.Tally, error) {
	s := string(line)
	body, crc, ok := cutLast(s, ' ')
	if sum, err := strconv.ParseUint(crc, 16, 32); !ok || len(crc) != 8 || err != nil || uint32(sum) != crc32.ChecksumIEEE([]byte(body)) {
		return 0, solvers.Tally{}, &checksumError{short(s)}
	}
	fields := strings.Split(body, " ")
	if len(fields) != 3 {
		return 0, solvers.Tally{}, fmt.Errorf("want TASK COUNT CLASSES CRC, got %q", short(s))
	}
	names := [3]string{"task", "count", "classes"}
	var v [3]uint64
	for k, f := range fields {
		u, err := strconv.ParseUint(f, 10, 64)
		if err != nil || strconv.FormatUint(u, 10) != f {
			return 0, solvers.Tally{}, fmt.Errorf("%s %q: want a whole number from 0 to %d", names[k], short(f), uint64(1<<64-1))
		}
		v[k] = u
	}
	if v[0] >= uint64(tasks) {
		return 0, solvers.Tally{}, fmt.Errorf("task %d: out of range (the run's tasks are 0 to %d)", v[0], tasks-1)
	}
	return int(v[0]), solvers.Tally{Count: v[1], Classes: v[2]}, nil
}

// cutLast cuts s around the last sep.
func cutLast(s string, sep byte) (before, after string, found bool) {
	if i := strings.LastIndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

func short(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// Record appends task i's tally. The line is written at once, in one write, so a process killed after
// Record returns has left it in the file; it is flushed to the disk (fsync) when syncEvery has passed
// since the last flush, and on Close, so a crash of the whole machine loses at most that much work. A
// flush per task cost as much as the count itself for tasks of a millisecond (classic n=18: 2048 tasks,
// 1.5 s of work, 3 s more).
func (c *Checkpoint) Record(i int, t solvers.Tally) error {
	body := fmt.Sprintf("%d %d %d", i, t.Count, t.Classes)
	line := fmt.Sprintf("%s %08x\n", body, crc32.ChecksumIEEE([]byte(body)))
	if _, err := c.f.Write([]byte(line)); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	if now := time.Now(); now.Sub(c.synced) >= syncEvery {
		if err := c.sync(); err != nil {
			return err
		}
		c.synced = now
	}
	c.Done[i] = solvers.Tally{Count: t.Count, Classes: t.Classes}
	return nil
}

// syncEvery is the longest a recorded task waits for its flush to the disk.
const syncEvery = 250 * time.Millisecond

func (c *Checkpoint) sync() error {
	if err := c.f.Sync(); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	return nil
}

// Close flushes the file to the disk, unlocks and closes it.
func (c *Checkpoint) Close() error {
	err := c.sync()
	unlock(c.f)
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	return err
}
