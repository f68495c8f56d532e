package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"row", "column", "diagonal", "knight", "king", "queen", "classic-08", "classic-10"}
	tests := []struct {
		word, want string
		ok         bool
		reason     string
	}{
		{"knigt", "knight", true, "a letter left out"},
		{"kngiht", "knight", true, "two letters swapped"},
		{"Queen", "queen", true, "case is ignored"},
		{"colum", "column", true, "one letter short"},
		{"classic-8", "classic-08", true, "the zero pad left out"},
		{"xyz", "", false, "nothing close"},
		{"knite", "knight", true, "spelt by ear: 3 edits, but the only name that starts kni"},
		{"diagnl", "diagonal", true, "far in edits, the only name that starts dia"},
		{"clas", "", false, "two names start cla: no guess"},
		{"kn", "", false, "two letters are too few to go by"},
		{"r", "", false, "one letter matches too much to suggest... but row is 2 edits away, over the limit of 1"},
	}
	for _, tt := range tests {
		got, ok := Closest(tt.word, names)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v (%s)", tt.word, got, ok, tt.want, tt.ok, tt.reason)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"é", "e", 1}} {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestWant(t *testing.T) {
	for _, c := range []struct {
		value   string
		choices []string
		want    string
	}{
		{"st", []string{"auto", "backtrack", "sat"}, "want auto, backtrack or sat (did you mean sat?)"},
		{"zzzzzz", []string{"count", "first"}, "want count or first"},
		{"jsn", []string{"json"}, "want json (did you mean json?)"},
	} {
		if got := Want(c.value, c.choices...); got != c.want {
			t.Errorf("Want(%q, %q) = %q, want %q", c.value, c.choices, got, c.want)
		}
	}
}
