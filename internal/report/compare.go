package report

// Run is one solver's run on one model in a comparison.
type Run struct {
	// Count is what the solver counted; meaningful when Status is "done".
	Count uint64 `json:"count"`
	// ElapsedMS is the run's wall-clock time in milliseconds, up to where it stopped.
	ElapsedMS float64 `json:"elapsed_ms"`
	// Status is "done", "timed out", "interrupted", "failed" (Error says why) or "not run" (the
	// comparison stopped before, or, in a sweep, the solver timed out at a smaller size).
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	// PeakHeapBytes is the most heap the run held above what was held when it began, sampled;
	// AllocBytes what it allocated in all. A sweep measures them.
	PeakHeapBytes *uint64 `json:"peak_heap_bytes,omitempty"`
	AllocBytes    *uint64 `json:"alloc_bytes,omitempty"`
}

// Run statuses.
const (
	Done        = "done"
	TimedOut    = "timed out"
	Interrupted = "interrupted"
	Failed      = "failed"
	NotRun      = "not run"
)

// CompareVariant is one variant's row of a comparison.
type CompareVariant struct {
	Variant      string   `json:"variant"`
	Source       string   `json:"source"`
	Model        Model    `json:"model"`
	Backtrack    Run      `json:"backtrack"`
	SAT          Run      `json:"sat"`
	Unique       *uint64  `json:"unique,omitempty"`
	Agree        bool     `json:"agree"`
	SetsCompared bool     `json:"sets_compared"`
	Expect       string   `json:"expect"`
	ExpectMet    bool     `json:"expect_met"`
	Problems     []string `json:"problems"`
}

// Compare is the document of 'queens compare' over variants: a row each, and the verdict. Complete is
// false, and Compared says how far it got, when the run was cut short.
type Compare struct {
	Variants  []CompareVariant `json:"variants"`
	Agree     bool             `json:"agree"`
	Met       bool             `json:"expectations_met"`
	Complete  bool             `json:"complete"`
	Compared  Tasks            `json:"compared"`
	ElapsedMS float64          `json:"elapsed_ms"`
}

// SweepRow is one value of the swept parameter: both solvers' counts, and whether they agree (null
// when one of them did not finish).
type SweepRow struct {
	Value     int   `json:"value"`
	Model     Model `json:"model"`
	Backtrack Run   `json:"backtrack"`
	SAT       Run   `json:"sat"`
	Agree     *bool `json:"agree"`
}

// Sweep is the document of 'queens compare --sweep': the parameter, a row per value, and the verdict.
type Sweep struct {
	Parameter string     `json:"parameter"`
	From      int        `json:"from"`
	To        int        `json:"to"`
	TimeoutMS float64    `json:"timeout_ms,omitempty"`
	Rows      []SweepRow `json:"rows"`
	Agree     bool       `json:"agree"`
	Complete  bool       `json:"complete"`
	ElapsedMS float64    `json:"elapsed_ms"`
}
