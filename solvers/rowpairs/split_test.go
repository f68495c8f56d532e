package rowpairs

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/queens-dev/queens/constraints"
)

var (
	pairsN     = flag.Int("pairs-n", 0, "TestRowPairsSplit: count queens on an n×n Möbius strip a second way")
	pairsCkpt  = flag.String("pairs-checkpoint", "", "TestRowPairsSplit: a checkpoint of queens solve -n N --wrap=mobius to hold task by task")
	pairsPlain = flag.Bool("pairs-plain", false, "TestRowPairsSplit: no pin and no mirror: every placement of every pair")
	pairsWant  = flag.Uint64("pairs-want", 0, "TestRowPairsSplit: the total to hold the count to")
	pairsDraw  = flag.Int("pairs-sample", 0, "TestRowPairsSplit: placements of the deeper split drawn at random and counted again by the general path")
	pairsOnly  = flag.Bool("pairs-sample-only", false, "TestRowPairsSplit: draw the -pairs-sample placements and count nothing else")
)

// never is a stop flag that never turns.
func never() bool { return false }

// TestRowPairsSplit counts ceil(n/2) queens on an n×n Möbius strip (-pairs-n) a second way: each task of
// the row-pair job split one level deeper, its parts counted alone and summed. With -pairs-checkpoint,
// each task's sum is held to the count that a run of queens solve --checkpoint recorded for it, so that
// a term past the OEIS's is computed twice, by two task lists. With -pairs-plain it uses no symmetry at
// all (about 4n times the work), with -pairs-want it holds the total. It runs on two goroutines.
func TestRowPairsSplit(t *testing.T) {
	if *pairsN == 0 {
		t.Skip("run with -pairs-n N (and -pairs-checkpoint FILE)")
	}
	n := *pairsN
	m := constraints.Model{Rows: n, Cols: n, Queens: (n + 1) / 2, Attack: constraints.Queen, Surface: constraints.Mobius}
	j, why := build(t, m)
	if why != "" {
		t.Fatal(why)
	}
	key := fmt.Sprintf("row-pairs %dx%d %s", n, n, j.Key()) // the key the router's table gives the job
	pp := j.pp
	if *pairsPlain {
		pp.pinned, pp.weight, pp.mirror = false, 1, nil
	}
	tasks, _ := pp.tasks(never)
	if *pairsOnly {
		sampleByGeneral(t, m, pp, tasks[0].level+1, *pairsDraw)
		return
	}
	recorded := map[int]uint64{}
	if *pairsCkpt != "" && !*pairsPlain {
		recorded = readCheckpoint(t, *pairsCkpt, key)
	}
	sums := make([]uint64, len(tasks))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				pp.deepen(tasks[i], func(u pairTask) bool {
					n, _, _ := pp.count(u, never)
					sums[i] += u.weight * n
					return true
				})
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	var total uint64
	for i, sum := range sums {
		total += sum
		if want, ok := recorded[i]; ok && want != sum {
			t.Errorf("task %d: %d by its parts, %d in the checkpoint", i, sum, want)
		}
	}
	if *pairsWant != 0 && total != *pairsWant {
		t.Errorf("n=%d: %d solutions; want %d", n, total, *pairsWant)
	}
	t.Logf("n=%d: %d solutions from %d tasks split one level deeper; %d tasks held to the checkpoint", n, total, len(tasks), len(recorded))
	if *pairsDraw > 0 {
		sampleByGeneral(t, m, pp, tasks[0].level+1, *pairsDraw)
	}
}

// sampleByGeneral draws placements of the row-pair kernel's first levels at random, down to level depth
// (the deeper split's tasks), and counts each one's completions twice: by the kernel and by backtrack's
// general path with the placement's queens fixed (GeneralCount, set by oracle_test.go), which knows
// nothing of pairs, rings, pins or mirrors.
func sampleByGeneral(t *testing.T, m constraints.Model, pp *pairPlan, depth, draws int) {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(uint64(m.Rows), 2008))
	for d := range draws {
		u := pp.root()
		var fixed []constraints.Cell
		if pp.pinned {
			fixed = append(fixed, constraints.Cell{Row: pp.levels[0].top, Col: 0})
		}
		for u.level < min(depth, len(pp.levels)) {
			var kids []pairTask
			pp.deepen(u, func(v pairTask) bool { kids = append(kids, v); return true })
			if len(kids) == 0 {
				break
			}
			v := kids[rng.IntN(len(kids))]
			lv := &pp.levels[u.level]
			cells := map[constraints.Cell]bool{} // the cells whose bit takes the step's columns and diagonals
			for b := range 2 * pp.cols {
				if lv.colOf[b] == v.cols^u.cols && lv.ringOf[b] == v.ring^u.ring {
					if b < pp.cols {
						cells[constraints.Cell{Row: lv.top, Col: b}] = true
					} else {
						cells[constraints.Cell{Row: lv.bot, Col: b - pp.cols}] = true
					}
				}
			}
			if len(cells) != 1 {
				t.Fatalf("draw %d: level %d: cells %v take the step's columns and diagonals, want one", d, u.level, cells)
			}
			var cell constraints.Cell
			for c := range cells {
				cell = c
			}
			fixed, u = append(fixed, cell), v
		}
		want, _, _ := pp.count(u, never)
		fm := m
		fm.Fixed = fixed
		got, err := GeneralCount(ctx, fm)
		if err != nil || got != want {
			t.Fatalf("draw %d: queens %v: the kernel counts %d completions, the general path %d (%v)", d, fixed, want, got, err)
		}
		t.Logf("draw %d: queens %v: %d completions by both", d, fixed, want)
	}
}

// readCheckpoint reads the counts a checkpoint file records, by task, after checking its key.
func readCheckpoint(t *testing.T, path, key string) map[int]uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		t.Fatalf("%s: empty", path)
	}
	var h struct {
		Key string `json:"key"`
	}
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Key != key {
		t.Fatalf("%s: header %q (%v); want the key %q", path, sc.Text(), err, key)
	}
	out := map[int]uint64{}
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 4 {
			continue // a torn last line
		}
		i, err1 := strconv.Atoi(fields[0])
		c, err2 := strconv.ParseUint(fields[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %q", path, sc.Text())
		}
		out[i] = c
	}
	return out
}
