package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers"
)

const mergeUsage = `Usage: queens merge FILE|DIR... | -

Adds up the shard results of a count split across machines (queens solve --shard I/M), after
checking that they make one whole count: one model, method, task list and program version for all (each
shard's fingerprint the one of those fields, its model text a model's), every shard 0 to M-1 present once, every task counted once, no sum past 64 bits. A folder stands for every
*.json file in it (checkpoints and logs beside them are left alone). With -, reads the shards from stdin,
one JSON object after another. The answer names the board, n and M. A gap, a duplicate, a mismatch, an
empty or stopped shard or a corrupted file is exit 1, with a message naming the file; a file or folder
that is not there is exit 2. With --format dimacs the exit code is the SAT competition's: 10 when there
are solutions, 20 when there are none. A shard whose task counts and sum were
changed to agree is beyond these checks; --against FILE (repeatable) holds every task's count against the
shard results of a second count of the same run (another M, another machine): a task counted
differently is exit 1, naming the task and both files.

Examples:
  queens merge results/n20-m64/
  queens merge shard-*.json
  cat shard-*.json | queens merge - --format json
  queens merge shard-*.json --against results/n20-m64/   against a second count of the same run
`

func runMerge(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "merge", mergeUsage)
	format := fs.String("format", "text", "output: text, json, leetcode or dimacs")
	allowSame := fs.Bool("allow-duplicates", false, "accept a shard given twice when both copies agree (a retried array task)")
	against := fs.StringArray("against", nil, "a shard result, or a folder of them, of a second count of the same run, whose task counts must agree (repeatable)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("want shard files, or - for stdin")
	}
	switch *format {
	case "text", "json", "leetcode", "dimacs":
	default:
		return usagef("--format %q: want text, json, leetcode or dimacs", *format)
	}
	var names []string
	var shards []runfile.ShardResult
	for _, path := range fs.Args() {
		if path == "-" {
			more, err := readShardStream(e.stdin)
			if ctx.Err() != nil {
				return &interrupted{cause: ctx.Err()}
			}
			if err != nil {
				return err
			}
			for i, s := range more {
				names = append(names, fmt.Sprintf("stdin (shard result %d)", i+1))
				shards = append(shards, s)
			}
			continue
		}
		more, moreNames, err := readShardPath(path)
		if err != nil {
			return err
		}
		for i := range more {
			if len(shards) > 0 {
				more[i].ShareText(shards[0])
			}
		}
		names, shards = append(names, moreNames...), append(shards, more...)
	}
	total, err := runfile.Merge(names, shards, *allowSame)
	if err != nil {
		return err
	}
	if len(*against) > 0 {
		if err := crossCheck(e, fs.Args(), names, shards, *against); err != nil {
			return err
		}
	}
	out := &output{w: newWriter(e.stdout)}
	switch *format {
	case "json":
		b, _ := json.Marshal(struct {
			Model    string       `json:"model"`
			Method   string       `json:"method"`
			Version  string       `json:"version"`
			Shards   int          `json:"shards"`
			Tasks    report.Tasks `json:"tasks"`
			Count    uint64       `json:"count"`
			Complete bool         `json:"complete"`
		}{strings.TrimSpace(total.Run.Model), total.Run.Method, total.Run.Version, total.Shards,
			report.Tasks{Done: total.Tasks, Total: total.Tasks}, total.Count, true})
		out.write(string(jsonEscape(b)) + "\n")
	case "leetcode":
		out.printf("%d\n", total.Count)
	case "dimacs":
		out.printf("c queens merge: %s\nc %d shards, %d tasks\ns mc %d\n", escape(describeModel(total.Model)), total.Shards, total.Tasks, total.Count)
	default:
		out.printf("%d %s of %s, from M=%d %s of %d %s\n", total.Count, plural(total.Count, "solution", "solutions"),
			escape(describeModel(total.Model)), total.Shards, plural(uint64(total.Shards), "shard", "shards"),
			total.Tasks, plural(uint64(total.Tasks), "task", "tasks"))
	}
	if err := out.flush(); err != nil {
		return err
	}
	if *format == "dimacs" {
		// As solve --format dimacs does for a count: the competition's codes.
		return (&dimacsSink{}).exitCode(solvers.Result{Count: total.Count, Complete: true})
	}
	return nil
}

// maxShardFiles bounds the shard files a folder may hold for merge.
const maxShardFiles = runfile.MaxShards

// shardFiles returns path if it is a file, or the *.json files in it, sorted, if it is a folder. A path
// that is not there, or a folder without one, is a usage error (exit 2), as a missing file is for solve.
func shardFiles(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", escape(path), pe.Err)
		}
		return nil, &codeError{code: ExitUsage, err: err}
	}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			return nil, &codeError{code: ExitUsage, err: fmt.Errorf("%s: not a regular file", escape(path))}
		}
		return []string{path}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, &codeError{code: ExitUsage, err: err}
	}
	var files []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if len(files) == maxShardFiles {
			return nil, fmt.Errorf("%s: more than %d shard files", escape(path), maxShardFiles)
		}
		files = append(files, filepath.Join(path, e.Name()))
	}
	if len(files) == 0 {
		return nil, &codeError{code: ExitUsage, err: fmt.Errorf("%s: a folder with no shard results (*.json) in it", escape(path))}
	}
	return files, nil // os.ReadDir sorts by name
}

// describeModel says which model a run counted: "n=16 (16×16, 16 queens, attacks
// row,column,diagonal,anti-diagonal)".
func describeModel(m constraints.Model) string {
	if m.Square() {
		return fmt.Sprintf("n=%d (%s)", m.Rows, m)
	}
	return m.String()
}

// readShardStream reads shard results from r, one JSON object after another.
func readShardStream(r io.Reader) ([]runfile.ShardResult, error) {
	d := runfile.NewShardDecoder("stdin", r)
	var out []runfile.ShardResult
	for {
		s, err := d.Next()
		if errors.Is(err, runfile.ErrNoShard) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(out) == runfile.MaxShards {
			return nil, fmt.Errorf("stdin: more than the %d shard results a count may have", runfile.MaxShards)
		}
		if len(out) > 0 {
			s.ShareText(out[0])
		}
		out = append(out, s)
	}
}

// crossCheck holds the merged shards' task counts against the shard results in the files (or folders)
// of --against, and says on stderr how many tasks it compared.
func crossCheck(e *env, given, names []string, shards []runfile.ShardResult, paths []string) error {
	// A file given both as a shard and to --against is the count held against itself, which proves
	// nothing: it must come from a second count.
	mine := map[string]bool{}
	for _, path := range given {
		if path == "-" {
			continue
		}
		files, err := shardFiles(path)
		if err != nil {
			return err
		}
		for _, f := range files {
			mine[realPath(f)] = true
		}
	}
	for _, path := range paths {
		files, err := shardFiles(path)
		if err != nil {
			return fmt.Errorf("--against: %w", err)
		}
		for _, f := range files {
			if mine[realPath(f)] {
				return usagef("--against %s: %s is one of the shards merged: a count held against itself proves nothing; give the shard results of a second count of the same run", escape(path), escape(f))
			}
		}
	}
	var otherNames []string
	var others []runfile.ShardResult
	for _, path := range paths {
		more, moreNames, err := readShardPath(path)
		if err != nil {
			return fmt.Errorf("--against: %w", err)
		}
		otherNames, others = append(otherNames, moreNames...), append(others, more...)
	}
	n, err := runfile.CrossCheck(names, shards, otherNames, others)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "# %d of %d %s counted again by --against, every one alike\n", n, shards[0].TotalTasks, plural(uint64(shards[0].TotalTasks), "task", "tasks"))
	return nil
}

// readShardPath reads the shard result in the file at path, or those of the folder (see shardFiles), and
// returns them with their names for messages.
func readShardPath(path string) ([]runfile.ShardResult, []string, error) {
	files, err := shardFiles(path)
	if err != nil {
		return nil, nil, err
	}
	var shards []runfile.ShardResult
	var names []string
	for _, file := range files {
		s, err := runfile.ReadShardFile(file)
		if err != nil {
			return nil, nil, err
		}
		if len(shards) > 0 {
			s.ShareText(shards[0])
		}
		shards, names = append(shards, s), append(names, escape(file))
	}
	return shards, names, nil
}

// realPath returns path made absolute with its symbolic links resolved, to tell whether two names are
// one file; path itself where that fails.
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}
