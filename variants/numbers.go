package variants

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// findLeadingZero returns the first plain integer under n written with a leading zero ("010"), and the
// key whose value holds it ("" in a list). yaml.v3 reads 010 as octal 8, as YAML 1.1 did; YAML 1.2 and
// most readers take it for 10: a file that means two things is refused, never read as either.
func findLeadingZero(n *yaml.Node) (*yaml.Node, string) {
	type item struct {
		n   *yaml.Node
		key string
	}
	stack := []item{{n, ""}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// yaml.v3 tags 010 an int (octal 8) and 08, 092 floats (not octal): both are refused.
		if it.n.Kind == yaml.ScalarNode && it.n.Style == 0 && (it.n.ShortTag() == "!!int" || it.n.ShortTag() == "!!float") && leadingZero(it.n.Value) {
			return it.n, it.key
		}
		for i := len(it.n.Content) - 1; i >= 0; i-- {
			key := it.key
			if it.n.Kind == yaml.MappingNode && i%2 == 1 {
				key = it.n.Content[i-1].Value
			}
			stack = append(stack, item{it.n.Content[i], key})
		}
	}
	return nil, ""
}

// leadingZero reports whether s is a whole number in digits (and underscores) with a leading zero,
// after its sign: 010, -007, 0_10, 08. 0, 0x1f, 0o17 and 0.5 say what they mean.
func leadingZero(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return len(s) > 1 && s[0] == '0' && strings.Trim(s, "0123456789_") == ""
}

// keyPrefix writes "key: " for a message about a value of key, or "" for none; a key that is not a
// plain lower-case word (not one of the schema's: the file's own, as "A00") is quoted, as the schema's
// unknown-key messages quote it.
func keyPrefix(key string) string {
	if key == "" {
		return ""
	}
	if strings.Trim(key, "abcdefghijklmnopqrstuvwxyz-_") != "" {
		return strconv.Quote(key) + ": "
	}
	return key + ": "
}

// decimal writes an integer with leading zeros as it reads in decimal: "-007" as "-7".
func decimal(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign = "-"
	}
	digits := strings.TrimLeft(strings.ReplaceAll(strings.TrimLeft(s, "+-"), "_", ""), "0")
	if digits == "" {
		return "0"
	}
	return sign + digits
}
