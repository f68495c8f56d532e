package runfile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// The bounds on a run's text fields, in bytes. A shard result and a checkpoint header carry each of them;
// a reader refuses a longer one before it holds it, so a file cannot make merge hold more than these.
// MaxModelText holds the canonical text of a 2000×2000 region grid, or of half a million blocked cells;
// the others are far longer than any the program writes.
const (
	MaxModelText = 4 << 20
	maxMethod    = 64
	maxKey       = 4096
	maxVersion   = 512
	maxStopped   = 4096
)

// Check reports a field of r too long for the files that carry it: a count whose run cannot be written
// is refused before it starts, not after.
func (r Run) Check() error {
	for _, f := range []struct {
		name, text string
		max        int
	}{{"model", r.Model, MaxModelText}, {"method", r.Method, maxMethod}, {"key", r.Key, maxKey}, {"version", r.Version, maxVersion}} {
		if len(f.text) > f.max {
			return fmt.Errorf("this count's %s text is %d bytes, more than the %d a checkpoint or shard result may hold", f.name, len(f.text), f.max)
		}
	}
	return nil
}

// ParseModel reads back the canonical text of a model (constraints.Model.Canonical): the model it
// stands for, which must be valid and must write the very same text. Merge describes a run from this
// model, never from the text as it came.
func ParseModel(text string) (constraints.Model, error) {
	if len(text) > MaxModelText {
		return constraints.Model{}, fmt.Errorf("%d bytes, more than the %d a model's text may hold", len(text), MaxModelText)
	}
	var m constraints.Model
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	keys := []string{"board", "queens", "attacks", "wrap", "blocked", "fixed", "regions", "each"}
	for _, line := range lines {
		key, val, _ := strings.Cut(line, " ")
		for len(keys) > 0 && keys[0] != key {
			keys = keys[1:]
		}
		if len(keys) == 0 {
			return constraints.Model{}, fmt.Errorf("line %q: not a line of a model's canonical text, or out of order", short(line))
		}
		keys = keys[1:]
		var err error
		switch key {
		case "board":
			_, err = fmt.Sscanf(val, "%d %d", &m.Rows, &m.Cols)
		case "queens":
			_, err = fmt.Sscanf(val, "%d", &m.Queens)
		case "attacks":
			m.Attack, err = constraints.ParseAttack(val)
		case "wrap":
			m.Surface, err = constraints.ParseSurface(val)
		case "blocked", "fixed":
			var cells []constraints.Cell
			for _, f := range strings.Fields(val) {
				c, cerr := constraints.ParseCell(f)
				if cerr != nil {
					err = cerr
					break
				}
				cells = append(cells, c)
			}
			if key == "blocked" {
				m.Blocked = cells
			} else {
				m.Fixed = cells
			}
		case "regions":
			m.Regions, err = constraints.ParseRegions(strings.Split(val, "/"))
		case "each":
			if val != "none" {
				m.Each, err = constraints.ParseQuota(val)
			}
		}
		if err != nil {
			return constraints.Model{}, fmt.Errorf("line %q: %w", short(line), err)
		}
	}
	if err := m.Validate(); err != nil {
		return constraints.Model{}, err
	}
	if m.Canonical() != text {
		return constraints.Model{}, errors.New("not a model's canonical text (it reads back otherwise)")
	}
	return m, nil
}
