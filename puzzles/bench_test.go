package puzzles_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/puzzles"
)

// BenchmarkMake makes puzzles of every star count at its smallest, largest and published sides, each
// iteration the puzzle of another seed, and reports the median time a puzzle besides the mean: the target
// is a median under 2 s for every size offered. Beside the wall clock it reports the median CPU time a
// puzzle (the process's, user and system), which a loaded machine moves less. Run with -benchtime 20x
// for twenty seeds a size:
//
//	go test ./puzzles -run '^$' -bench Make -benchtime 20x
func BenchmarkMake(b *testing.B) {
	type kind struct{ size, stars int }
	var kinds []kind
	for stars := 1; stars <= puzzles.MaxStars; stars++ {
		sides := []int{puzzles.MinSideFor(stars), puzzles.MaxSideFor(stars)}
		switch stars {
		case 1:
			sides = append(sides, 7, 9, 11) // LinkedIn's sides run from 7 to 11
		case 2:
			sides = append(sides, 10) // the published Star Battles' sides
		case 3:
			sides = append(sides, 14)
		case 4:
			sides = append(sides, 17)
		}
		slices.Sort(sides)
		for _, n := range slices.Compact(sides) {
			kinds = append(kinds, kind{n, stars})
		}
	}
	for _, k := range kinds {
		b.Run(fmt.Sprintf("%dx%d/%dstar", k.size, k.size, k.stars), func(b *testing.B) {
			var times, cpu []time.Duration
			for i := range b.N {
				start, cpu0 := time.Now(), cpuTime()
				o := puzzles.Options{Size: k.size, Stars: k.stars, Seed: uint64(i)}
				if _, _, err := puzzles.Make(context.Background(), o, nil); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				cpu = append(cpu, cpuTime()-cpu0)
			}
			slices.Sort(times)
			slices.Sort(cpu)
			b.ReportMetric(times[len(times)/2].Seconds(), "s/median-puzzle")
			b.ReportMetric(cpu[len(cpu)/2].Seconds(), "cpu-s/median-puzzle")
		})
	}
}
