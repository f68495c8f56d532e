package variants

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"gopkg.in/yaml.v3"
)

// MarshalYAML writes v in the schema Parse reads, so that yaml.Marshal(v) is a variant file: keys in the
// schema's order, board as a side when square, attacks always spelled out, cells and expect in flow
// style, and keys at their default (no name, queens 0, a flat board, no cells, no expectation) left out; a torus is
// wrap: true, as files have always said it, and the other surfaces are named. Source is
// not written.
func (v Variant) MarshalYAML() (any, error) {
	m := v.Model
	top := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, val *yaml.Node) {
		top.Content = append(top.Content, str(key), val)
	}
	if v.Name != "" {
		add("name", text(v.Name))
	}
	if v.Description != "" {
		add("description", text(v.Description))
	}
	if m.Square() {
		add("board", num(uint64(m.Rows)))
	} else {
		add("board", flowMap("rows", num(uint64(m.Rows)), "cols", num(uint64(m.Cols))))
	}
	if m.Queens != 0 {
		add("queens", num(uint64(m.Queens)))
	}
	kinds := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, k := range m.Attack.Kinds() {
		n := str(k)
		if strings.ContainsAny(k, ",()") {
			n.Style = yaml.DoubleQuotedStyle // a comma would split the form in a flow list
		}
		kinds.Content = append(kinds.Content, n)
	}
	add("attacks", kinds)
	switch m.Surface {
	case constraints.Flat:
	case constraints.Torus:
		add("wrap", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	default:
		add("wrap", str(m.Surface.String()))
	}
	if len(m.Blocked) > 0 {
		add("blocked", cellList(m.Blocked))
	}
	if len(m.Fixed) > 0 {
		add("fixed", cellList(m.Fixed))
	}
	if m.Regions != nil {
		add("regions", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.LiteralStyle,
			Value: strings.Join(m.Regions.Lines(), "\n") + "\n"})
	}
	if !m.Each.IsZero() {
		e := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, k := range constraints.QuotaKeys() {
			r := m.Each.Get(k)
			switch n, exact := r.Exact(); {
			case r.IsZero():
			case exact:
				e.Content = append(e.Content, str(k.String()), num(uint64(n)))
			default:
				v := str(r.String())
				v.Style = yaml.DoubleQuotedStyle
				e.Content = append(e.Content, str(k.String()), v)
			}
		}
		add("each", e)
	}
	if !v.Expect.IsZero() {
		e := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		if v.Expect.Count != nil {
			e.Content = append(e.Content, str("count"), num(*v.Expect.Count))
		}
		if v.Expect.Unique != nil {
			e.Content = append(e.Content, str("unique"), num(*v.Expect.Unique))
		}
		if v.Expect.Satisfiable != nil {
			e.Content = append(e.Content, str("satisfiable"),
				&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(*v.Expect.Satisfiable)})
		}
		add("expect", e)
	}
	return top, nil
}

// Format returns v as the text of a variant file (see MarshalYAML), indented by two spaces.
func Format(v Variant) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// text is a node for free text: in the style yaml.v3 picks (plain, or a literal block for several lines)
// when that reads back as s, and double-quoted otherwise. yaml.v3 drops leading blank lines from literal
// blocks, for one.
func text(s string) *yaml.Node {
	n := str(s)
	if out, err := yaml.Marshal(n); err == nil {
		var back string
		if yaml.Unmarshal(out, &back) == nil && back == s {
			return n
		}
	}
	n.Style = yaml.DoubleQuotedStyle
	return n
}

func num(u uint64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatUint(u, 10)}
}

func flowMap(k1 string, v1 *yaml.Node, k2 string, v2 *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{str(k1), v1, str(k2), v2}}
}

func cellList(cells []constraints.Cell) *yaml.Node {
	l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, c := range cells {
		l.Content = append(l.Content, &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle,
			Content: []*yaml.Node{num(uint64(c.Row)), num(uint64(c.Col))}})
	}
	return l
}
