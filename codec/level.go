package codec

import (
	"encoding/json"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/strictjson"
)

// Level is the region-grid JSON that LinkedIn-Queens clones keep a level in: the board's side, each
// cell's region as a label (a letter, or a number in some clones), and optionally a colour per label.
type Level struct {
	Size         int               `json:"size"`
	ColorRegions [][]Label         `json:"colorRegions"`
	RegionColors map[string]string `json:"regionColors,omitempty"`
}

// Label is one cell's region: a string or a number in the JSON.
type Label string

// UnmarshalJSON takes a string or a number.
func (l *Label) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*l = Label(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("a region label is a string or a number, not %s", clip(string(b)))
	}
	*l = Label(n.String())
	return nil
}

// ParseLevel reads a level's JSON as a puzzle of stars queens per row, column and region (1 for
// LinkedIn's Queens). size, when present, must match the grid.
func ParseLevel(data []byte, stars int) (constraints.Model, error) {
	if len(data) > MaxInput {
		return constraints.Model{}, bad("more than %d bytes", MaxInput)
	}
	var l Level
	// One value, each key once: a repeated colorRegions would otherwise keep the last one silently.
	if err := strictjson.Decode(data, &l, false); err != nil {
		return constraints.Model{}, bad("level JSON: %v", err)
	}
	n := len(l.ColorRegions)
	switch {
	case n == 0:
		return constraints.Model{}, bad("level JSON: no colorRegions")
	case n > MaxSide:
		return constraints.Model{}, bad("level JSON: %d rows, more than %d", n, MaxSide)
	case l.Size != 0 && l.Size != n:
		return constraints.Model{}, bad("level JSON: size %d, but colorRegions has %d rows", l.Size, n)
	}
	for r, row := range l.ColorRegions {
		if len(row) != n {
			return constraints.Model{}, bad("level JSON: colorRegions row %d has %d cells, want %d", r, len(row), n)
		}
	}
	g, err := fromLabels(l.ColorRegions)
	if err != nil {
		return constraints.Model{}, err
	}
	return model(g, stars)
}

// FormatLevel writes the model as a level's JSON, regions labelled by their letters.
func FormatLevel(m constraints.Model) ([]byte, error) {
	if _, err := starsOf(m); err != nil {
		return nil, err
	}
	l := Level{Size: m.Rows}
	for _, line := range m.Regions.Lines() {
		var row []Label
		for _, r := range line {
			row = append(row, Label(string(r)))
		}
		l.ColorRegions = append(l.ColorRegions, row)
	}
	out, err := json.Marshal(l)
	if err != nil {
		return nil, fmt.Errorf("codec: %w", err)
	}
	return append(out, '\n'), nil
}
