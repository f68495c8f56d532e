package constraints

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseKind(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Attack
		wantErr string
		reason  string
	}{
		{"row", "row", Ride(0, 1), "", "row is the rider (0,1)"},
		{"rows", "rows", Ride(0, 1), "", "the plural is accepted for the plain word"},
		{"column", "column", Ride(1, 0), "", "column is the rider (1,0)"},
		{"col short", "col", Column, "", "documented short form"},
		{"diagonal", "diagonal", Ride(1, 1), "", "row − col constant"},
		{"diag short", "diag", Diagonal, "", "documented short form"},
		{"anti-diagonal", "anti-diagonal", Ride(-1, 1), "", "row + col constant: (−1,1) is (1,−1) reversed"},
		{"anti short", "anti", AntiDiagonal, "", "documented short form"},
		{"knight", "knight", Leap(2, -1), "", "a leap stands for all eight of its forms"},
		{"king", "king", Union(Leap(0, 1), Leap(1, 1)), "", "the king is two leapers"},
		{"camel", "camel", Leap(3, 1), "", "(1,3), in any order"},
		{"zebra", "zebra", Leap(2, 3), "", "(2,3)"},
		{"giraffe", "giraffe", Leap(4, 1), "", "(1,4): one line in the shorthand table"},
		{"nightrider", "nightrider", Union(Ride(1, 2), Ride(2, 1), Ride(1, -2), Ride(2, -1)), "", "four lines of knight's steps"},
		{"queen", "queen", Union(Row, Column, Diagonal, AntiDiagonal), "", "the four lines"},
		{"rook", "rook", Union(Row, Column), "", "two lines"},
		{"bishop", "bishop", Union(Diagonal, AntiDiagonal), "", "two diagonals"},
		{"superqueen", "superqueen", Union(Queen, Knight), "", "queen and knight"},
		{"amazon", "amazon", Superqueen, "", "the chess-problem name of the superqueen"},
		{"chancellor", "chancellor", Union(Rook, Knight), "", "rook and knight"},
		{"archbishop", "archbishop", Union(Bishop, Knight), "", "bishop and knight"},
		{"upper case", "KNIGHT", Knight, "", "names are case-insensitive"},
		{"spaces", "  Diag ", Diagonal, "", "spaces around a part of a list must not matter"},
		{"leap form", "leap(1,3)", Leap(1, 3), "", "the general leaper"},
		{"leap spaced", "leap( 3 , -1 )", Leap(1, 3), "", "spaces and signs inside the form"},
		{"ride form", "ride(1,2)", Ride(1, 2), "", "one direction of the nightrider"},
		{"ride reversed", "ride(-1,-2)", Ride(1, 2), "", "a rider's line runs both ways"},
		{"ride is not leap", "ride(1,2)", Ride(1, 2), "", "a rider is a line, kept apart from the leap (1,2)"},
		{"typo", "knigt", Attack{}, `unknown attack "knigt"`, "the error names the bad word as typed"},
		{"empty", "", Attack{}, `unknown attack ""`, "an empty part of a list is no kind"},
		{"none is no kind", "none", Attack{}, "stands alone", "none is read only by ParseAttack, alone; ParseKind says so"},
		{"leap zero", "leap(0,0)", Attack{}, "(0,0) moves nowhere", "a leap must move"},
		{"ride zero", "ride(0, 0)", Attack{}, "(0,0) moves nowhere", "a rider must move"},
		{"leap one number", "leap(1)", Attack{}, "want leap(a,b)", "two numbers"},
		{"leap not a number", "leap(a,2)", Attack{}, "whole numbers", "numbers only"},
		{"leap unclosed", "leap(1,2", Attack{}, "want leap(a,b)", "the parenthesis must close"},
		{"leap huge", "leap(1,99999999999)", Attack{}, "within ±", "offsets are bounded by the largest board"},
		{"leap min int", "leap(-9223372036854775808,1)", Attack{}, "within ±", "|MinInt64| is negative: a bound on the absolute value let it through"},
		{"ride min int", "ride(1,-9223372036854775808)", Attack{}, "within ±", "|MinInt64| is negative: a bound on the absolute value let it through"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseKind(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseKind(%q) error = %v, want one containing %q (%s)", tt.in, err, tt.wantErr, tt.reason)
				}
				return
			}
			if err != nil || !got.Equal(tt.want) {
				t.Fatalf("ParseKind(%q) = %v, %v; want %v (%s)", tt.in, got, err, tt.want, tt.reason)
			}
		})
	}
}

func TestParseAttack(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Attack
		wantErr string
		reason  string
	}{
		{"queen", "queen", Queen, "", "the word for the classic set"},
		{"queen upper", " Queen ", Queen, "", "the words are case-insensitive and trimmed"},
		{"none", "none", Attack{}, "", "the word for the empty set, the form String writes for it"},
		{"list", "row,column", Rook, "", "the rook"},
		{"list spaced", "row, col ,diag", Union(Row, Column, Diagonal), "", "spaces after commas are common in YAML and flags"},
		{"list any order", "knight,row", Union(Row, Knight), "", "order does not matter"},
		{"queen spelled out", "row,column,diagonal,anti-diagonal", Queen, "", "String's form of Queen must read back"},
		{"piece and kind", "queen,knight", Superqueen, "", "pieces combine with kinds"},
		{"piece and king", "queen,king", Union(Queen, King), "", "the LinkedIn queen that also may not touch"},
		{"forms in a list", "rook,leap(1,3)", Union(Rook, Leap(1, 3)), "", "the commas inside a form belong to it"},
		{"two forms", "ride(1,2),leap(2,3)", Union(Ride(1, 2), Leap(2, 3)), "", "forms next to forms"},
		{"empty", "", Attack{}, "empty attack list", "an empty flag is a mistake, not the empty set"},
		{"blank", "   ", Attack{}, "empty attack list", "blanks alone are as empty"},
		{"unknown", "row,knigt", Attack{}, `unknown attack "knigt"`, "the bad part is named"},
		{"twice", "row,column,row", Attack{}, `attack "row" named twice`, "a kind named twice is likely a typo"},
		{"twice by alias", "diag,diagonal", Attack{}, `attacks "diag" and "diagonal" are the same moves: name one of them`, "aliases name the same kind"},
		{"twice in a piece", "queen,row", Attack{}, `attacks "queen" and "row": queen holds row whole: name queen alone`, "the queen has the row already"},
		{"part before the piece", "row,rook", Attack{}, `attacks "row" and "rook": rook holds row whole: name rook alone`, "one rule whatever the order: row,rook was once taken and rook,row refused"},
		{"part after the piece", "rook,row", Attack{}, `attacks "rook" and "row": rook holds row whole: name rook alone`, ""},
		{"form and piece", "leap(2,1),knight", Attack{}, `attacks "leap(2,1)" and "knight" are the same moves`, "a form names a piece's moves"},
		{"pieces that share some moves", "queen,chancellor", Union(Queen, Knight), "", "neither holds the other whole: both may stand"},
		{"trailing comma", "row,", Attack{}, `unknown attack ""`, "an empty part is an error, not ignored"},
		{"none in a list", "none,row", Attack{}, "stands alone", "none stands alone, and the error says so rather than calling it unknown"},
		{"too many names", manyLeapNames(60000), Attack{}, "60000 attack names: at most 64 riders and leapers in all",
			"refused before the names are compared with each other: 60,000 once took 120 s"},
		{"one name too many", manyLeapNames(MaxVectors + 1), Attack{}, "65 attack names", "each name adds a rider or leaper"},
		{"as many names as vectors", manyLeapNames(MaxVectors), manyLeaps(MaxVectors), "", "the bound itself is accepted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseAttack(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseAttack(%q) error = %v, want one containing %q (%s)", tt.in, err, tt.wantErr, tt.reason)
				}
				return
			}
			if err != nil || !got.Equal(tt.want) {
				t.Fatalf("ParseAttack(%q) = %v, %v; want %v (%s)", tt.in, got, err, tt.want, tt.reason)
			}
		})
	}
}

func TestAttackString(t *testing.T) {
	tests := []struct {
		name   string
		a      Attack
		want   string
		reason string
	}{
		{"none", Attack{}, "none", "the empty set must print as the word ParseAttack reads"},
		{"queen", Queen, "row,column,diagonal,anti-diagonal", "kinds in the documented order"},
		{"superqueen", Superqueen, "row,column,diagonal,anti-diagonal,knight", "knight after the lines"},
		{"knight row", Union(Knight, Row), "row,knight", "order is fixed, not the order given"},
		{"anti", AntiDiagonal, "anti-diagonal", "the long name with its hyphen"},
		{"king", Union(Leap(1, 1), Leap(0, 1)), "king", "the two leaps of the king are named as one"},
		{"half a king", Leap(0, 1), "wazir", "one leap of the king has a name of its own"},
		{"general leap", Leap(1, 5), "leap(1,5)", "no name: the general form"},
		{"general ride", Ride(2, -3), "ride(2,-3)", "no name: the general form, canonical"},
		{"nightrider", Union(Ride(1, 2), Ride(2, 1), Ride(1, -2), Ride(2, -1)), "nightrider", "four lines named as one"},
		{"part of a nightrider", Ride(-1, -2), "ride(1,2)", "one line, pointing down"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.String(); got != tt.want {
				t.Errorf("(%v).String() = %q, want %q (%s)", tt.a.Riders(), got, tt.want, tt.reason)
			}
		})
	}
}

// TestAttackRoundTrip checks that String writes what ParseAttack reads back, for every subset of a pool
// of riders and leapers that covers every name in the table and the general forms.
func TestAttackRoundTrip(t *testing.T) {
	pool := []Attack{Row, Column, Diagonal, AntiDiagonal, Ride(1, 2), Ride(2, -1), Ride(3, 1),
		Leap(1, 2), Leap(0, 1), Leap(1, 1), Leap(1, 3), Leap(2, 3), Leap(0, 2), Leap(2, 2), Leap(1, 4)}
	for mask := 0; mask < 1<<len(pool); mask += 7 { // a stride keeps the test quick and still mixes every member
		var parts []Attack
		for i, p := range pool {
			if mask&(1<<i) != 0 {
				parts = append(parts, p)
			}
		}
		a := Union(parts...)
		got, err := ParseAttack(a.String())
		if err != nil || !got.Equal(a) {
			t.Fatalf("ParseAttack(%q) = %v, %v; want the set back", a.String(), got.String(), err)
		}
	}
}

func TestAttackSets(t *testing.T) {
	if !Superqueen.Has(Queen) || Queen.Has(Knight) {
		t.Error("Has: the superqueen holds the queen, and the queen lacks the knight")
	}
	if !(Attack{}).IsZero() || Queen.IsZero() {
		t.Error("IsZero: only the empty set")
	}
	if got := Superqueen.Without(Queen); !got.Equal(Knight) {
		t.Errorf("Superqueen.Without(Queen) = %v, want knight", got)
	}
	if got := Union(Queen, Queen, Rook); !got.Equal(Queen) || got.Size() != 4 {
		t.Errorf("Union keeps each vector once: %v, size %d", got, got.Size())
	}
	leaps := Knight.Leaps()
	want := []Vec{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	if !slices.Equal(leaps, want) {
		t.Errorf("Knight.Leaps() = %v, want the eight jumps %v", leaps, want)
	}
	if got := Leap(2, 2).Leaps(); len(got) != 4 {
		t.Errorf("Leap(2,2).Leaps() = %v, want the four diagonal jumps once each", got)
	}
	// The values returned are copies: changing them must not change the set.
	r := Queen.Riders()
	r[0] = Vec{9, 9}
	if !Queen.Equal(Union(Row, Column, Diagonal, AntiDiagonal)) {
		t.Error("Riders returned the set's own slice")
	}
}

func TestNames(t *testing.T) {
	names := Names()
	for _, want := range []string{"row/rows", "knight", "king", "superqueen/amazon", "nightrider"} {
		if !slices.Contains(names, want) {
			t.Errorf("Names() = %v, lacks %q", names, want)
		}
	}
}

// manyLeapNames returns k distinct leapers as a list ParseAttack reads, those of manyLeaps:
// "leap(1,1),leap(1,2),…".
func manyLeapNames(k int) string {
	parts := make([]string, k)
	for i := range parts {
		parts[i] = fmt.Sprintf("leap(1,%d)", i+1)
	}
	return strings.Join(parts, ",")
}
