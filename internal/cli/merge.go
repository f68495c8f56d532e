package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/queens-dev/queens/internal/runfile"
)

const mergeUsage = `Usage: queens merge FILE... | -

Adds up the shard results of a count split across machines (queens solve --shard I/M), after
checking that they make one whole count: one model, method, task list and program version for all, every
shard 0 to M-1 present once, every task counted once, no sum past 64 bits. With -, reads the shards from
stdin, one JSON object after another. A gap, a duplicate, a mismatch or a corrupted file is exit 1, with
a message naming the file. A shard whose task counts and sum were changed to agree is beyond these checks;
--against FILE (repeatable) holds every task's count against the shard results of a second count of the
same run (another M, another machine): a task counted differently is exit 1, naming the task and both files.

Examples:
  queens merge shard-*.json
  cat shard-*.json | queens merge - --format json
  queens merge run1/*.json --against run2/p0.json --against run2/p1.json
`

func runMerge(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "merge", mergeUsage)
	format := fs.String("format", "text", "output: text, json, leetcode or dimacs")
	allowSame := fs.Bool("allow-duplicates", false, "accept a shard given twice when both copies agree (a retried array task)")
	against := fs.StringArray("against", nil, "a shard result of a second count of the same run, whose task counts must agree (repeatable)")
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
		s, err := runfile.ReadShardFile(path)
		if err != nil {
			return err
		}
		names = append(names, escape(path))
		shards = append(shards, s)
	}
	total, err := runfile.Merge(names, shards, *allowSame)
	if err != nil {
		return err
	}
	if len(*against) > 0 {
		if err := crossCheck(e, names, shards, *against); err != nil {
			return err
		}
	}
	out := &output{w: newWriter(e.stdout)}
	switch *format {
	case "json":
		b, _ := json.Marshal(struct {
			Model    string    `json:"model"`
			Method   string    `json:"method"`
			Version  string    `json:"version"`
			Shards   int       `json:"shards"`
			Tasks    tasksJSON `json:"tasks"`
			Count    uint64    `json:"count"`
			Complete bool      `json:"complete"`
		}{strings.TrimSpace(total.Run.Model), total.Run.Method, total.Run.Version, total.Shards,
			tasksJSON{total.Tasks, total.Tasks}, total.Count, true})
		out.write(string(jsonEscape(b)) + "\n")
	case "leetcode":
		out.printf("%d\n", total.Count)
	case "dimacs":
		out.printf("c queens merge: %d shards, %d tasks\ns mc %d\n", total.Shards, total.Tasks, total.Count)
	default:
		out.printf("%d %s (%d %s, %d %s)\n", total.Count, plural(total.Count, "solution", "solutions"),
			total.Shards, plural(uint64(total.Shards), "shard", "shards"), total.Tasks, plural(uint64(total.Tasks), "task", "tasks"))
	}
	return out.flush()
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
		out = append(out, s)
	}
}

// crossCheck holds the merged shards' task counts against the shard results in the files of --against,
// and says on stderr how many tasks it compared.
func crossCheck(e *env, names []string, shards []runfile.ShardResult, paths []string) error {
	var otherNames []string
	var others []runfile.ShardResult
	for _, path := range paths {
		s, err := runfile.ReadShardFile(path)
		if err != nil {
			return fmt.Errorf("--against: %w", err)
		}
		otherNames = append(otherNames, escape(path))
		others = append(others, s)
	}
	n, err := runfile.CrossCheck(names, shards, otherNames, others)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "# %d of %d %s counted again by --against, every one alike\n", n, shards[0].TotalTasks, plural(uint64(shards[0].TotalTasks), "task", "tasks"))
	return nil
}
