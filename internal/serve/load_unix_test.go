//go:build unix

package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/serve"
)

var load = flag.Bool("load", false, "run TestLoad: 20 clients playing 10×10 puzzles through by hints")

// TestLoad measures the server under 20 concurrent clients, each playing a 10×10 puzzle through by
// asking a hint and applying it, again and again: the hints' latency (p50, p99), the 503s, and the
// peak memory of the process (the test's own, which holds the server). It runs only with -load:
//
//	go test ./internal/serve -run Load -load -v
func TestLoad(t *testing.T) {
	if !*load {
		t.Skip("a measurement: run with -load")
	}
	base, _ := start(t, serve.DefaultLimits())
	// The puzzles: LinkedIn's published 10×10 and generated ones.
	var puzzles []map[string]any
	puzzles = append(puzzles, map[string]any{"variant": "linkedin-10"})
	for seed := 1; seed <= 4; seed++ {
		code, _, body := do(t, context.Background(), "GET", fmt.Sprintf("%s/api/generate?size=10&seed=%d", base, seed), "", "")
		if code != 200 {
			t.Fatalf("generate: %d %s", code, body)
		}
		var p struct {
			Regions []string `json:"regions"`
		}
		json.Unmarshal([]byte(body), &p)
		puzzles = append(puzzles, map[string]any{"regions": p.Regions})
	}
	const clients, games = 20, 3
	var mu sync.Mutex
	var lat []time.Duration
	var busy, failed, hints int
	var wg sync.WaitGroup
	began := time.Now()
	for c := range clients {
		wg.Go(func() {
			for g := range games {
				req := maps.Clone(puzzles[(c+g)%len(puzzles)])
				board := [][]byte{}
				for range 10 {
					board = append(board, bytes.Repeat([]byte("."), 10))
				}
				for range 200 {
					lines := []string{}
					for _, b := range board {
						lines = append(lines, string(b))
					}
					req["state"] = lines
					data, _ := json.Marshal(req)
					t0 := time.Now()
					r, err := http.Post(base+"/api/hint", "application/json", bytes.NewReader(data))
					d := time.Since(t0)
					if err != nil {
						mu.Lock()
						failed++
						mu.Unlock()
						return
					}
					var h struct {
						Step *struct {
							Place, Exclude [][2]int
						} `json:"step"`
						Solved bool `json:"solved"`
					}
					json.NewDecoder(r.Body).Decode(&h)
					r.Body.Close()
					mu.Lock()
					hints++
					lat = append(lat, d)
					if r.StatusCode == 503 {
						busy++
					} else if r.StatusCode != 200 {
						failed++
					}
					mu.Unlock()
					if r.StatusCode != 200 || h.Step == nil {
						break
					}
					for _, p := range h.Step.Place {
						board[p[0]][p[1]] = 'Q'
					}
					for _, p := range h.Step.Exclude {
						board[p[0]][p[1]] = 'x'
					}
				}
			}
		})
	}
	wg.Wait()
	wall := time.Since(began)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	t.Logf("%d clients, %d hints in %v: p50 %v, p90 %v, p99 %v, max %v; %d answered 503, %d failed; peak RSS %d MB",
		clients, hints, wall.Round(time.Millisecond), pct(.5).Round(time.Microsecond*100), pct(.9).Round(time.Microsecond*100),
		pct(.99).Round(time.Microsecond*100), lat[len(lat)-1].Round(time.Millisecond), busy, failed, ru.Maxrss/1024)
	if failed > 0 {
		t.Errorf("%d requests failed", failed)
	}
}
