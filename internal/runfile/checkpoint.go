package runfile

import (
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
// much more. A last line without its newline or with a CRC that does not match was torn by a kill
// mid-write: it is ignored and cut off before the run appends again. Any other damage is an error.

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
	if info.Size() == 0 {
		line, err := json.Marshal(want)
		if err != nil {
			return err
		}
		if _, err := c.f.Write(append(line, '\n')); err != nil {
			return fmt.Errorf("checkpoint %s: %w", c.path, err)
		}
		return c.sync()
	}
	data, err := io.ReadAll(io.LimitReader(c.f, MaxCheckpointSize+1))
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	var got header
	if !ok || json.Unmarshal(first, &got) != nil || got.Format != checkpointFormat {
		return fmt.Errorf("checkpoint %s: line 1: not a queens checkpoint header", c.path)
	}
	if got.Fingerprint != want.Fingerprint {
		return fmt.Errorf("checkpoint %s: made for another run (%s), not this one (%s)", c.path,
			Run{Model: got.Model, Method: got.Method, Key: got.Key, Tasks: got.Tasks, Version: got.Version}.describe(), r.describe())
	}
	good := len(first) + 1 // bytes of the file that hold whole, sound lines
	line := 2
	for len(rest) > 0 {
		text, after, complete := bytes.Cut(rest, []byte("\n"))
		i, t, err := parseRecord(string(text), r.Tasks)
		switch {
		case err != nil && (!complete || len(after) == 0):
			c.Torn = true // the last line: a kill cut it short
		case err != nil:
			return fmt.Errorf("checkpoint %s: line %d: %v", c.path, line, err)
		case !complete:
			c.Torn = true // sound but unfinished: written again when its task reruns
		default:
			if old, dup := c.Done[i]; dup && old != t {
				return fmt.Errorf("checkpoint %s: line %d: task %d recorded twice with different counts", c.path, line, i)
			}
			c.Done[i] = t
			good += len(text) + 1
		}
		if !complete {
			break
		}
		rest = after
		line++
	}
	if c.Torn {
		if err := c.f.Truncate(int64(good)); err != nil {
			return fmt.Errorf("checkpoint %s: cutting off a torn line: %w", c.path, err)
		}
	}
	if _, err := c.f.Seek(int64(good), io.SeekStart); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	return nil
}

// parseRecord reads "TASK COUNT CLASSES CRC".
func parseRecord(s string, tasks int) (int, solvers.Tally, error) {
	fields := strings.Fields(s)
	if len(fields) != 4 {
		return 0, solvers.Tally{}, fmt.Errorf("want TASK COUNT CLASSES CRC, got %q", short(s))
	}
	body := strings.Join(fields[:3], " ")
	sum, err := strconv.ParseUint(fields[3], 16, 32)
	if err != nil || uint32(sum) != crc32.ChecksumIEEE([]byte(body)) {
		return 0, solvers.Tally{}, fmt.Errorf("checksum does not match: %q", short(s))
	}
	i, err1 := strconv.Atoi(fields[0])
	count, err2 := strconv.ParseUint(fields[1], 10, 64)
	classes, err3 := strconv.ParseUint(fields[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || i < 0 || i >= tasks {
		return 0, solvers.Tally{}, fmt.Errorf("bad record %q (tasks are 0 to %d)", short(s), tasks-1)
	}
	return i, solvers.Tally{Count: count, Classes: classes}, nil
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
