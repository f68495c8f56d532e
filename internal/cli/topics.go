package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// topic is a help page that is not a command's: 'queens help NAME'.
type topic struct {
	name    string
	summary string
	write   func(w io.Writer)
}

func topics() []topic {
	return []topic{
		{"attacks", "the attack names, ride(a,b) and leap(a,b), surfaces (--wrap), quotas (--each)", writeAttacksHelp},
	}
}

// attackForms are the general forms of --attacks, beside the names of constraints.Names.
var attackForms = []struct{ form, text string }{
	{"ride(a,b)", "a rider: every cell along the line through (a,b) and (-a,-b), step after step, to the " +
		"edge. One line: ride(1,2) is one of the nightrider's four lines, not the nightrider (on a " +
		"Möbius strip or a Klein bottle it comes with its mirror ride(1,-2): see below)."},
	{"leap(a,b)", "a leaper: the cells (±a,±b) and (±b,±a) away, all eight at once: leap(1,2) is the " +
		"whole knight, and leap(2,1) the same."},
	{"none", "no attack at all, alone (with quotas or regions, say); YAML attacks: [] or [none]"},
}

// surfaces are the boards' shapes: how a rider or leaper crosses an edge. A new surface is a line here
// (TestHelpAttacksListsEveryName holds the table to constraints.Surfaces).
var surfaces = []struct{ name, text string }{
	{"flat", "the default: riders stop at the edges, leaps off the board are lost"},
	{"torus", "--wrap (YAML wrap: torus): both pairs of opposite edges joined, so riders and leaps go " +
		"round and come back (n queens on an n×n torus exist iff gcd(n, 6) = 1, Pólya)"},
	{"cylinder", "--wrap=cylinder: the left and right edges joined; the top and bottom are edges"},
	{"mobius", "--wrap=mobius: the left and right edges joined with a twist: leaving row r on the right " +
		"enters row rows−1−r on the left, going the other way up (a diagonal comes back as an " +
		"anti-diagonal)"},
	{"klein", "--wrap=klein: the Möbius strip with its top and bottom edges joined plainly too"},
}

// twisted says what lines are on a Möbius strip and a Klein bottle. Each count is an example of the
// help's, run and checked by TestHelpExamplesRun.
const twisted = `On a twisted surface (mobius, klein) what holds is this. The row rider's line is rows r and
rows−1−r together, so the default number of queens is half the rows, rounded up (--attacks row, 2
queens on a 4×4 Möbius strip: 64 ways). A row quota counts each row as drawn, not the joined pair
(--each row=1 there: 4 queens, 256 ways with no attack). A direction (a,b) carried across the twist
comes back as (a,−b), so no rider keeps a slope of its own: ride(a,b) with a and b not 0 attacks along
ride(a,−b) as well, from every cell (ride(1,1) is diagonal,anti-diagonal: 2 queens on a 3×3 Möbius
strip, 18 ways either way). Columns, which never cross the twist, stay as they are.
`

// quotaRanges are the forms of a quota's number.
var quotaRanges = []struct{ form, text string }{
	{"K", "exactly K queens (Star Battle: row=2,column=2,region=2)"},
	{"<=K", "at most K (no three in line: line=<=2)"},
	{"A..B", "from A to B"},
}

// writeAttacksHelp writes 'queens help attacks': the forms, every name the parser knows with the vectors
// it stands for (read from constraints, so a new piece appears here by itself), surfaces and quotas.
func writeAttacksHelp(w io.Writer) {
	fmt.Fprint(w, reflow(`Usage: queens solve --attacks LIST   (YAML: attacks: [queen, "leap(1,3)"])

An attack is a set of riders and leapers: a comma-separated list of the names and forms below. Two
queens attack each other when one reaches the other's cell by any of them; a queen attacks the same way
in both directions. Every solver works from these vectors, never from the names. --knight and --king add
the knight and the king to the list.

Forms:
`, helpWidth))
	for _, f := range attackForms {
		writeDefinition(w, f.form, f.text, 14)
	}
	fmt.Fprint(w, "\nNames (aliases after a slash; case does not matter):\n")
	const col = 28
	for _, names := range constraints.Names() {
		name := strings.SplitN(names, "/", 2)[0]
		a, err := constraints.ParseKind(name)
		if err != nil {
			continue // every name in the table parses; a test holds them to it
		}
		text := vectors(a)
		if kinds := a.Kinds(); len(kinds) > 1 || (len(kinds) == 1 && kinds[0] != name) {
			text = strings.Join(kinds, ", ") + ": " + text
		}
		writeDefinition(w, names, text, col)
	}
	fmt.Fprint(w, "\nSurfaces (how a rider or a leap crosses an edge):\n")
	for _, s := range surfaces {
		writeDefinition(w, s.name, s.text, 14)
	}
	fmt.Fprint(w, "\n"+reflow(twisted, helpWidth))
	fmt.Fprint(w, "\n"+reflow(`Quotas (--each row=2,region=2 or line=<=2; YAML each: {row: 2, line: "<=2"}) ask for so many
queens on every line of a kind. A quota replaces the rider along the same line, so a row quota goes with
attacks that hold no row. Without --queens, an exact row, column or region quota fixes the number of
queens (row=2 on 8 rows: 16); a diagonal quota does not, so give --queens with it. The kinds:
`, helpWidth))
	for _, k := range constraints.QuotaKeys() {
		writeDefinition(w, k.String(), k.About(), 17)
	}
	fmt.Fprint(w, "and the number of queens on each, a range:\n")
	for _, r := range quotaRanges {
		writeDefinition(w, r.form, r.text, 17)
	}
	fmt.Fprint(w, `
Examples:
  queens solve -n 10 --attacks queen,knight        superqueens: 4
  queens solve -n 8 --attacks 'rook,leap(1,3)'     rooks that also leap like a camel
  queens solve -n 6 --attacks nightrider --queens 4
  queens solve -n 7 --wrap                         queens on a torus
  queens solve -n 6 --wrap=mobius
  queens solve -n 4 --attacks row --wrap=mobius          rows r and 3−r one line: 64
  queens solve -n 4 --attacks none --each row=1 --wrap=mobius   rows as drawn: 256
  queens solve -n 3 --attacks 'ride(1,1)' --wrap=mobius   with its mirror: 18
  queens solve -n 6 --attacks none --each 'row=2,column=2,line=<=2'   no three in line: 50
  queens solve --regions grid.txt --starbattle 2   (king, 2 a row, column, region)
`)
}

// vectors spells a's riders and leapers in the general forms: "ride(0,1), leap(1,2)".
func vectors(a constraints.Attack) string {
	var parts []string
	for _, v := range a.Riders() {
		parts = append(parts, fmt.Sprintf("ride(%d,%d)", v.DR, v.DC))
	}
	for _, v := range a.Leapers() {
		parts = append(parts, fmt.Sprintf("leap(%d,%d)", v.DR, v.DC))
	}
	return strings.Join(parts, ", ")
}

// writeDefinition writes "  term   text", the text filled to the help's width and indented under itself.
func writeDefinition(w io.Writer, term, text string, col int) {
	lead := "  " + term
	if n := len([]rune(lead)); n+2 > col {
		fmt.Fprintln(w, lead)
		lead = ""
	}
	pad := strings.Repeat(" ", col)
	filled := strings.TrimRight(reflow(text+"\n", helpWidth-col), "\n")
	for i, line := range strings.Split(filled, "\n") {
		if i == 0 && lead != "" {
			fmt.Fprintf(w, "%-*s%s\n", col, lead, line)
			continue
		}
		fmt.Fprintf(w, "%s%s\n", pad, line)
	}
}
