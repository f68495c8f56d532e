package constraints

import (
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
		{"row", "row", Row, "", "the canonical name String writes"},
		{"rows", "rows", Row, "", "the plural is accepted for the plain word"},
		{"column", "column", Column, "", "the canonical name"},
		{"col short", "col", Column, "", "documented short form"},
		{"cols short", "cols", Column, "", "plural short form"},
		{"diagonal", "diagonal", Diagonal, "", "the canonical name"},
		{"diag short", "diag", Diagonal, "", "documented short form"},
		{"anti-diagonal", "anti-diagonal", AntiDiagonal, "", "the canonical name, with its hyphen"},
		{"antidiagonal", "antidiagonal", AntiDiagonal, "", "the name without the hyphen"},
		{"anti short", "anti", AntiDiagonal, "", "documented short form"},
		{"knight", "knight", Knight, "", "the canonical name"},
		{"upper case", "KNIGHT", Knight, "", "names are case-insensitive"},
		{"spaces", "  Diag ", Diagonal, "", "spaces around a part of a list must not matter"},
		{"typo", "knigt", 0, `unknown attack "knigt"`, "the error names the bad word as typed"},
		{"empty", "", 0, `unknown attack ""`, "an empty part of a list is no kind"},
		{"queen is no kind", "queen", 0, "unknown attack", "queen is a set, read only by ParseAttack"},
		{"none is no kind", "none", 0, "unknown attack", "none is a set, read only by ParseAttack"},
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
			if err != nil || got != tt.want {
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
		{"superqueen", "superqueen", Superqueen, "", "the word for queen plus knight"},
		{"none", "none", 0, "", "the word for the empty set, the form String writes for it"},
		{"list", "row,column", Row | Column, "", "the rook"},
		{"list spaced", "row, col ,diag", Row | Column | Diagonal, "", "spaces after commas are common in YAML and flags"},
		{"list any order", "knight,row", Row | Knight, "", "order does not matter"},
		{"queen spelled out", "row,column,diagonal,anti-diagonal", Queen, "", "String's form of Queen must read back"},
		{"knight alone", "knight", Knight, "", "a one-element list"},
		{"empty", "", 0, "empty attack list", "an empty flag is a mistake, not the empty set"},
		{"blank", "   ", 0, "empty attack list", "blanks alone are as empty"},
		{"unknown", "row,knigt", 0, `unknown attack "knigt"`, "the bad part is named"},
		{"twice", "row,column,row", 0, `attack "row" named twice`, "a kind named twice is likely a typo"},
		{"twice by alias", "diag,diagonal", 0, "named twice", "aliases name the same kind"},
		{"trailing comma", "row,", 0, `unknown attack ""`, "an empty part is an error, not ignored"},
		{"queen in a list", "queen,knight", 0, "unknown attack", "the set words are not kinds"},
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
			if err != nil || got != tt.want {
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
		{"none", 0, "none", "the empty set must print as the word ParseAttack reads"},
		{"queen", Queen, "row,column,diagonal,anti-diagonal", "kinds in the documented order"},
		{"superqueen", Superqueen, "row,column,diagonal,anti-diagonal,knight", "knight last"},
		{"knight row", Knight | Row, "row,knight", "order is fixed, not the order of the bits given"},
		{"anti", AntiDiagonal, "anti-diagonal", "the long name with its hyphen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.String(); got != tt.want {
				t.Errorf("Attack(%#x).String() = %q, want %q (%s)", uint8(tt.a), got, tt.want, tt.reason)
			}
		})
	}
}

// TestAttackRoundTrip checks every one of the 32 attack sets: String must write what ParseAttack reads back,
// and Kinds must list exactly the kinds Has reports.
func TestAttackRoundTrip(t *testing.T) {
	for a := Attack(0); a <= allAttacks; a++ {
		got, err := ParseAttack(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAttack(%q) = %v, %v; want %#x", a.String(), got, err, uint8(a))
		}
		var fromKinds Attack
		for _, name := range a.Kinds() {
			k, err := ParseKind(name)
			if err != nil {
				t.Fatalf("ParseKind(%q) from Kinds: %v", name, err)
			}
			if !a.Has(k) {
				t.Errorf("%v.Kinds() lists %q, which it does not have", a, name)
			}
			fromKinds |= k
		}
		if fromKinds != a {
			t.Errorf("%v.Kinds() = %v, which makes %#x", a, a.Kinds(), uint8(fromKinds))
		}
	}
	if got := Attack(0).Kinds(); got == nil || len(got) != 0 {
		t.Errorf("Attack(0).Kinds() = %#v, want an empty, non-nil list", got)
	}
	if !slices.Equal(Queen.Kinds(), []string{"row", "column", "diagonal", "anti-diagonal"}) {
		t.Errorf("Queen.Kinds() = %v", Queen.Kinds())
	}
}

func TestAttackHas(t *testing.T) {
	tests := []struct {
		name   string
		a, k   Attack
		want   bool
		reason string
	}{
		{"queen has row", Queen, Row, true, "a single kind in the set"},
		{"queen lacks knight", Queen, Knight, false, "the knight is the superqueen's"},
		{"superqueen has queen", Superqueen, Queen, true, "Has asks for every kind of k"},
		{"rook lacks queen", Row | Column, Queen, false, "some but not all kinds is false"},
		{"empty has empty", 0, 0, true, "every set holds the empty set"},
	}
	for _, tt := range tests {
		if got := tt.a.Has(tt.k); got != tt.want {
			t.Errorf("%s: (%v).Has(%v) = %v, want %v (%s)", tt.name, tt.a, tt.k, got, tt.want, tt.reason)
		}
	}
}
