package deduce

import (
	"fmt"
	"strings"
)

// Level is how hard a technique is for a person, and so a puzzle's grade.
type Level int

// The levels, easiest first. Guess is not a technique but a choice made by search.
const (
	Easy Level = iota + 1
	Medium
	Hard
	Expert
	Guess
)

var levelNames = [...]string{Easy: "easy", Medium: "medium", Hard: "hard", Expert: "expert", Guess: "guess"}

// String returns "easy", "medium", "hard", "expert" or "guess".
func (l Level) String() string {
	if l < Easy || l > Guess {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a grade as String writes it.
func ParseLevel(s string) (Level, error) {
	for l := Easy; l <= Expert; l++ {
		if levelNames[l] == strings.ToLower(s) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("deduce: grade %q: want easy, medium, hard or expert", s)
}

// Technique is a named way of deducing cells, as players name it.
type Technique struct {
	// ID is the technique's name in words joined by hyphens ("exact-fill", "locked-line"): what JSON
	// carries.
	ID string
	// Name is the name players know it by ("exact fill", "locked line"), after the catalogue of Star
	// Battle techniques that solvers and players share (kristofer84/star-battle-solver's).
	Name string
	// Level is how hard it is.
	Level Level
	// About says in a sentence what it sees.
	About string
	// find looks for a step; nil for a technique found by another's look (undercounting by
	// overcounting's), which sets the step's technique itself.
	find func(f *finder) (step, bool)
}

// Techniques returns the techniques in the order Explain tries them: easiest first.
func Techniques() []*Technique { return techniques }

// TechniqueByID returns the technique with that ID, or nil.
func TechniqueByID(id string) *Technique {
	for _, t := range techniques {
		if t.ID == id {
			return t
		}
	}
	if id == guessing.ID {
		return guessing
	}
	return nil
}

var techniques []*Technique

// guessing is the step search takes when deduction stalls and a guess was allowed.
var guessing = &Technique{ID: "guess", Name: "guess", Level: Guess,
	About: "no technique decides a cell: search picks the cell's value that the solution has"}

func init() {
	techniques = []*Technique{
		{ID: "trivial-marks", Name: "trivial marks", Level: Easy, find: (*finder).attacked,
			About: "the cells a queen attacks hold no queen: for LinkedIn's Queens and Star Battle its eight neighbours, and its row and column where a line holds one queen"},
		{ID: "saturation", Name: "saturation", Level: Easy, find: (*finder).full,
			About: "a row, column or region that holds all its queens has its other cells empty"},
		{ID: "exact-fill", Name: "exact fill", Level: Easy, find: (*finder).lastCells,
			About: "a row, column or region with just as many open cells as queens still missing has a queen in each"},
		{ID: "locked-line", Name: "locked line", Level: Medium, find: (*finder).confined,
			About: "when a region's open cells all lie in one row, its queens are that row's: the row's other cells are empty; the same for columns, and for a row or column whose open cells lie in one region"},
		{ID: "adjacent-exclusion", Name: "adjacent exclusion", Level: Medium, find: (*finder).seesAll,
			About: "a cell attacked by every open cell of a region that needs one more queen stays empty, wherever that queen goes"},
		{ID: "exclusion", Name: "exclusion", Level: Medium, find: (*finder).contradiction,
			About: "a cell whose queen would take the last room of some row, column or region holds no queen"},
		{ID: "overcounting", Name: "overcounting", Level: Hard, find: (*finder).groups,
			About: "k regions whose open cells lie in k rows (or columns) take all those rows' queens: the rows' other cells are empty"},
		undercounting,
		{ID: "2x2-blocks", Name: "2×2 blocks", Level: Hard, find: (*finder).blocks,
			About: "a row, column, region or pair of neighbouring lines that needs as many queens as the fewest 2×2 blocks covering its open cells has one in each block: a block's only open cell holds it, and the cells every cell of a block attacks are empty"},
		{ID: "band-counting", Name: "band counting", Level: Hard, find: (*finder).counting,
			About: "a band of neighbouring rows (or columns) holds their queens; the regions reaching into it put there at most what they need and what their cells inside fit in 2×2 blocks, at least what their cells outside cannot hold; when those bounds meet the band's count, a region's share is decided"},
		{ID: "pressured-exclusion", Name: "pressured exclusion", Level: Hard, find: (*finder).pressure,
			About: "a cell whose queen would leave a row, column, region or pair of lines more queens to place than the 2×2 blocks its open cells then fit in holds no queen"},
		{ID: "forced-placement", Name: "forced placement", Level: Hard, find: (*finder).packing,
			About: "a row, column or region that needs several queens and has little room: a cell used by every way of placing them holds a queen, a cell used by none, or attacked by every way, holds none"},
		{ID: "square-counting", Name: "square counting", Level: Hard, find: (*finder).squeeze,
			About: "two neighbouring rows or columns taken together: every way of placing their queens agrees on a cell"},
		{ID: "forcing-chain", Name: "forcing chain", Level: Hard, find: (*finder).chain,
			About: "a queen (or an empty cell) whose consequences, followed move by forced move, break a row, column or region"},
		{ID: "bifurcation", Name: "bifurcation", Level: Expert, find: (*finder).trial,
			About: "a queen (or an empty cell) supposed, then reasoned on with the techniques above, that breaks a row, column or region"},
		{ID: "by-a-thread", Name: "by a thread", Level: Expert, find: (*finder).thread,
			About: "a queen (or an empty cell) supposed and followed through every way on, each position decided by forced moves and 2×2 blocks, that never reaches a solution: the last resort, a proof by exhaustion"},
	}
}

// undercounting is the converse of overcounting, found by the same look (groups), which names it.
var undercounting = &Technique{ID: "undercounting", Name: "undercounting", Level: Hard,
	About: "k rows (or columns) whose open cells lie in k regions take all those regions' queens: the regions' other cells are empty"}
