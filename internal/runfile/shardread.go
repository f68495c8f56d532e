package runfile

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// A shard result is read as a stream of JSON tokens, never whole: each field is checked as it comes
// (a key named twice, a key the format does not have, a value of the wrong kind or out of range, tasks
// out of order), the first that cannot belong stops the read, and memory is what the result keeps.

// ShardDecoder reads shard results from a stream, one JSON object after another (what `cat shard-*.json`
// gives).
type ShardDecoder struct {
	name  string
	dec   *json.Decoder
	count int   // the results read so far
	start int64 // the input offset where the current result begins
	// several: the stream may hold several results, and errors say which one.
	several bool
}

// NewShardDecoder returns a decoder of the shard results in r, named name in errors, which say which
// result of the stream they are about ("stdin (shard result 2)").
func NewShardDecoder(name string, r io.Reader) *ShardDecoder {
	d := newShardDecoder(name, r)
	d.several = true
	return d
}

func newShardDecoder(name string, r io.Reader) *ShardDecoder {
	dec := json.NewDecoder(&jsonGuard{r: bufio.NewReaderSize(r, 64<<10)})
	dec.UseNumber()
	return &ShardDecoder{name: name, dec: dec}
}

// ErrNoShard is Next's error at the end of the stream.
var ErrNoShard = io.EOF

// Next reads the next shard result. At the end of the stream it returns ErrNoShard (io.EOF). Its errors
// name the stream, the result's place in it when there may be several, and the field.
func (d *ShardDecoder) Next() (ShardResult, error) {
	d.count++
	d.start = d.dec.InputOffset()
	tok, err := d.dec.Token()
	if errors.Is(err, io.EOF) {
		return ShardResult{}, ErrNoShard
	}
	var s ShardResult
	var keys map[string]bool
	var ge *guardError
	if errors.As(err, &ge) {
		return ShardResult{}, d.wrap(err)
	}
	if err != nil || tok != json.Delim('{') {
		return ShardResult{}, fmt.Errorf("%s: not a queens shard result (from 'queens solve --shard I/M --format json'): it does not start with a JSON object", d.where())
	}
	if err == nil {
		keys, err = d.object("", s.field)
	}
	if err == nil {
		err = s.check(keys)
	}
	if err != nil {
		return ShardResult{}, d.wrap(err)
	}
	return s, nil
}

// where names the result the decoder is at.
func (d *ShardDecoder) where() string {
	if !d.several {
		return d.name
	}
	return fmt.Sprintf("%s (shard result %d)", d.name, d.count)
}

func (d *ShardDecoder) wrap(err error) error {
	var fe *fieldError
	var ge *guardError
	switch {
	case errors.As(err, &ge):
		return fmt.Errorf("%s: byte %d: %v", d.where(), ge.offset, ge.msg)
	case errors.Is(err, errNotShard):
		return fmt.Errorf("%s: not a queens shard result (from 'queens solve --shard I/M --format json')", d.where())
	case errors.As(err, &fe):
		return fmt.Errorf("%s: %w", d.where(), err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: cut short at byte %d (the file ends inside the result)", d.where(), d.dec.InputOffset())
	}
	return fmt.Errorf("%s: byte %d: not JSON: %v", d.where(), d.dec.InputOffset(), err)
}

// errNotShard is JSON that is no shard result at all.
var errNotShard = errors.New("not a shard result")

// fieldError is a field of a shard result that cannot be right.
type fieldError struct {
	field, msg string
}

func (e *fieldError) Error() string { return "corrupted: " + e.field + " " + e.msg }

func badField(field, format string, args ...any) error {
	return &fieldError{field: field, msg: fmt.Sprintf(format, args...)}
}

// object reads the members of an object whose '{' has been read, handing each key to read (prefixed by
// the path of the object, "shard."), up to its '}', and returns the keys it found. A key given twice is
// an error.
func (d *ShardDecoder) object(path string, read func(d *ShardDecoder, key string) error) (map[string]bool, error) {
	seen := map[string]bool{}
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, errNotShard
		}
		if seen[path+key] {
			return nil, badField(path+key, "given twice")
		}
		seen[path+key] = true
		if err := read(d, path+key); err != nil {
			return nil, err
		}
		if d.dec.InputOffset()-d.start > MaxShardFile {
			return nil, fmt.Errorf("more than the %d bytes a shard result may hold", MaxShardFile)
		}
	}
	_, err := d.dec.Token() // the '}': Token has checked the nesting
	return seen, err
}

// field reads the value of one member of a shard result.
func (s *ShardResult) field(d *ShardDecoder, key string) error {
	var err error
	switch key {
	case "queens_shard":
		if err = d.str(key, &s.Format, maxMethod); err == nil && s.Format != shardFormat {
			return errNotShard
		}
	case "fingerprint":
		err = d.str(key, &s.Fingerprint, 2*fingerprintBytes)
	case "model":
		err = d.str(key, &s.Model, MaxModelText)
	case "method":
		err = d.str(key, &s.Method, maxMethod)
	case "key":
		err = d.str(key, &s.Key, maxKey)
	case "version":
		err = d.str(key, &s.Version, maxVersion)
	case "total_tasks":
		err = d.integer(key, &s.TotalTasks, 1, MaxTasks)
	case "count":
		err = d.uint(key, &s.Count)
	case "shard":
		err = d.delim(key, '{', "an object {\"index\": I, \"of\": M}")
		var keys map[string]bool
		if err == nil {
			keys, err = d.object("shard.", func(d *ShardDecoder, key string) error {
				switch key {
				case "shard.index":
					return d.integer(key, &s.Shard.Index, 0, MaxShards-1)
				case "shard.of":
					return d.integer(key, &s.Shard.Of, 1, MaxShards)
				}
				return badField(key, "is not a field of a shard result")
			})
		}
		for _, k := range []string{"shard.index", "shard.of"} {
			if err == nil && !keys[k] {
				err = badField(k, "missing")
			}
		}
	case "tasks":
		err = s.readTasks(d)
	case "stopped":
		err = d.str(key, &s.Stopped, maxStopped)
	default:
		return badField(key, "is not a field of a shard result")
	}
	return err
}

// readTasks reads the list of [task, count] pairs, each task after the one before it: no more than
// MaxTasks of them, whatever the file says.
func (s *ShardResult) readTasks(d *ShardDecoder) error {
	if err := d.delim("tasks", '[', "a list of [task, count] pairs"); err != nil {
		return err
	}
	s.Tasks = [][2]uint64{}
	for k := 0; d.dec.More(); k++ {
		field := fmt.Sprintf("tasks[%d]", k)
		if k == MaxTasks {
			return badField(field, "is past the %d tasks a count may have", MaxTasks)
		}
		if err := d.delim(field, '[', "a pair [task, count]"); err != nil {
			return err
		}
		var t [2]uint64
		for j := range t {
			if !d.dec.More() {
				return badField(field, "has %d numbers, want 2 (task, count)", j)
			}
			if err := d.uint(field, &t[j]); err != nil {
				return err
			}
		}
		if d.dec.More() {
			return badField(field, "has more than 2 numbers, want [task, count]")
		}
		if _, err := d.dec.Token(); err != nil {
			return err
		}
		if k > 0 && t[0] <= s.Tasks[k-1][0] {
			return badField(field, "task %d after task %d: the tasks are listed once each, in order", t[0], s.Tasks[k-1][0])
		}
		s.Tasks = append(s.Tasks, t)
	}
	_, err := d.dec.Token()
	return err
}

// delim reads the delimiter want, the start of field's value.
func (d *ShardDecoder) delim(field string, want json.Delim, what string) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return badField(field, "is %s, want %s", kind(tok), what)
	}
	return nil
}

// str reads a string of at most max bytes.
func (d *ShardDecoder) str(field string, out *string, max int) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	s, ok := tok.(string)
	if !ok {
		return badField(field, "is %s, want a string", kind(tok))
	}
	if len(s) > max {
		return badField(field, "is %d bytes long, more than the %d it may be", len(s), max)
	}
	*out = s
	return nil
}

// number reads a number, as the text it is written in.
func (d *ShardDecoder) number(field string) (string, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return "", err
	}
	n, ok := tok.(json.Number)
	if !ok {
		return "", badField(field, "is %s, want a whole number", kind(tok))
	}
	return string(n), nil
}

// uint reads a whole number from 0 to 2^64−1, written as one: no fraction, no exponent.
func (d *ShardDecoder) uint(field string, out *uint64) error {
	n, err := d.number(field)
	if err != nil {
		return err
	}
	u, err := strconv.ParseUint(n, 10, 64)
	if err != nil {
		return badField(field, "%s is not a whole number from 0 to %d", short(n), uint64(1<<64-1))
	}
	*out = u
	return nil
}

// integer reads a whole number from lo to hi.
func (d *ShardDecoder) integer(field string, out *int, lo, hi int) error {
	n, err := d.number(field)
	if err != nil {
		return err
	}
	v, err := strconv.ParseInt(n, 10, 64)
	if err != nil || v < int64(lo) || v > int64(hi) {
		return badField(field, "%s out of range %d..%d", short(n), lo, hi)
	}
	*out = int(v)
	return nil
}

// kind names a JSON token for messages.
func kind(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '{' {
			return "an object"
		}
		return "a list"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "true or false"
	}
	return "null"
}

// shardKeys are the fields every shard result has; "stopped" is there only in a shard cut short.
var shardKeys = []string{"fingerprint", "model", "method", "key", "version", "shard", "total_tasks", "tasks", "count"}

// check holds the fields to each other, once they are all read: every field there, the shard one of at
// most as many as there are tasks (each of those sizes what Merge allocates), its tasks its own.
func (s *ShardResult) check(keys map[string]bool) error {
	if !keys["queens_shard"] {
		return errNotShard
	}
	for _, k := range shardKeys {
		if !keys[k] {
			return badField(k, "missing")
		}
	}
	switch {
	case s.Shard.Of > s.TotalTasks:
		return badField("shard.of", "%d: more shards than the count's %d tasks", s.Shard.Of, s.TotalTasks)
	case s.Shard.Index >= s.Shard.Of:
		return badField("shard.index", "%d: shard %d of %d does not exist", s.Shard.Index, s.Shard.Index, s.Shard.Of)
	case len(s.Tasks) > 0 && s.Tasks[len(s.Tasks)-1][0] >= uint64(s.TotalTasks):
		return badField(fmt.Sprintf("tasks[%d]", len(s.Tasks)-1), "task %d of a list of %d", s.Tasks[len(s.Tasks)-1][0], s.TotalTasks)
	}
	for k, t := range s.Tasks {
		if int(t[0])%s.Shard.Of != s.Shard.Index {
			return badField(fmt.Sprintf("tasks[%d]", k), "task %d does not belong to shard %d of %d", t[0], s.Shard.Index, s.Shard.Of)
		}
	}
	return nil
}

// ErrEmptyShard is wrapped by ReadShard's error for an empty file: the shell made it, and the shard
// that was to write it failed, was killed or is still running.
var ErrEmptyShard = errors.New("empty: its shard wrote nothing (it failed, was killed before the end, or is still running); run that shard again (with its --checkpoint it resumes)")

// ReadShard reads the one shard result r holds, named name in errors: anything after it is an error.
func ReadShard(name string, r io.Reader) (ShardResult, error) {
	d := newShardDecoder(name, io.LimitReader(r, MaxShardFile+1))
	s, err := d.Next()
	if errors.Is(err, ErrNoShard) {
		return ShardResult{}, fmt.Errorf("%s: %w", name, ErrEmptyShard)
	}
	if err != nil {
		return ShardResult{}, err
	}
	if _, err := d.dec.Token(); !errors.Is(err, io.EOF) {
		if d.dec.InputOffset() > MaxShardFile {
			return ShardResult{}, fmt.Errorf("%s: more than the %d bytes a shard result may hold", name, MaxShardFile)
		}
		return ShardResult{}, fmt.Errorf("%s: byte %d: data after the shard result", name, d.dec.InputOffset())
	}
	return s, nil
}

// ReadShardFile reads the shard result in the regular file at path, after checking its size.
func ReadShardFile(path string) (ShardResult, error) {
	info, err := os.Stat(path)
	if err != nil {
		return ShardResult{}, err
	}
	if !info.Mode().IsRegular() {
		return ShardResult{}, fmt.Errorf("%s: not a regular file", path)
	}
	if info.Size() > MaxShardFile {
		return ShardResult{}, fmt.Errorf("%s: %d bytes, more than the %d a shard result may hold", path, info.Size(), MaxShardFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return ShardResult{}, err
	}
	defer f.Close()
	return ReadShard(path, f)
}

// jsonGuard passes JSON text on, and stops it at a run of blanks or a bare word (a number, true, false,
// null) longer than any in a shard result: encoding/json's decoder holds the whole of either in memory
// before it looks at it, so a file of spaces or of digits would cost its size.
type jsonGuard struct {
	r        io.Reader
	offset   int64
	inString bool
	escaped  bool
	blanks   int // the current run of blanks outside strings
	word     int // the current bare word's length
	str      int // the current string's length, in bytes as written
	err      error
}

// The longest run of blanks, the longest bare word and the longest string a shard result holds:
// MarshalIndent writes a few blanks at a time, a number of 64 bits has at most 20 digits, and the longest
// string is the model's text, whose bytes (letters, digits, blanks, commas, slashes, dots, newlines) are
// written as at most 2 each.
const (
	maxBlanks = 4096
	maxWord   = 64
	maxString = 2*MaxModelText + 2
)

// guardError is text that cannot be a shard result, found by jsonGuard at offset.
type guardError struct {
	offset int64
	msg    string
}

func (e *guardError) Error() string { return fmt.Sprintf("byte %d: %s", e.offset, e.msg) }

func (g *jsonGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i, c := range p[:n] {
		if msg := g.step(c); msg != "" {
			g.err = &guardError{offset: g.offset, msg: msg}
			return i, g.err
		}
		g.offset++
	}
	return n, err
}

// step takes one byte, and says what is wrong with it, or "".
func (g *jsonGuard) step(c byte) string {
	switch {
	case g.inString:
		if g.str++; g.str > maxString {
			return fmt.Sprintf("a string of more than %d bytes: not a shard result as queens writes it", maxString)
		}
		switch {
		case g.escaped:
			g.escaped = false
		case c == '\\':
			g.escaped = true
		case c == '"':
			g.inString = false
		}
	case c == '"':
		g.inString, g.blanks, g.word, g.str = true, 0, 0, 0
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		g.word = 0
		if g.blanks++; g.blanks > maxBlanks {
			return fmt.Sprintf("more than %d blank bytes in a row: not a shard result as queens writes it", maxBlanks)
		}
	case c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':':
		g.blanks, g.word = 0, 0
	default:
		g.blanks = 0
		if g.word++; g.word > maxWord {
			return fmt.Sprintf("a word or number of more than %d bytes: not a shard result as queens writes it", maxWord)
		}
	}
	return ""
}
