package cli

import (
	"bytes"
	"fmt"
	"math"

	"github.com/queens-dev/queens/internal/report"
)

// sweepSVG draws a sweep: the time of each solver's count against the parameter, time on a log scale,
// a line per solver; a run that timed out is an open triangle at the top, a value where the counts
// differ a red cross.
func sweepSVG(d report.Sweep) []byte {
	const w, h, left, right, top, bottom = 720.0, 440.0, 70.0, 150.0, 30.0, 50.0
	pw, ph := w-left-right, h-top-bottom
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range d.Rows {
		for _, run := range []report.Run{r.Backtrack, r.SAT} {
			if run.Status == report.Done {
				t := math.Max(run.ElapsedMS, 0.001)
				lo, hi = math.Min(lo, t), math.Max(hi, t)
			}
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0.001, 1
	}
	if d.TimeoutMS > 0 {
		hi = math.Max(hi, d.TimeoutMS)
	}
	decLo, decHi := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if decHi <= decLo {
		decHi = decLo + 1
	}
	x := func(v int) float64 {
		if d.To == d.From {
			return left + pw/2
		}
		return left + pw*float64(v-d.From)/float64(d.To-d.From)
	}
	y := func(ms float64) float64 {
		return top + ph*(1-(math.Log10(math.Max(ms, 0.001))-decLo)/(decHi-decLo))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="white"/>`+"\n", w, h)
	// Axes, with a line per decade of time and a tick per value (or per few values).
	for dec := decLo; dec <= decHi; dec++ {
		yy := y(math.Pow(10, dec))
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#ddd"/><text x="%g" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, yy, left+pw, yy, left-6, yy+4, msLabel(math.Pow(10, dec)))
	}
	step := max(1, (d.To-d.From+1)/15)
	for v := d.From; v <= d.To; v += step {
		fmt.Fprintf(&b, `<text x="%.1f" y="%g" text-anchor="middle">%d</text>`+"\n", x(v), top+ph+18, v)
	}
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#333"/>`+"\n", left, top, pw, ph)
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", left+pw/2, h-12, xmlText(d.Parameter))
	fmt.Fprintf(&b, `<text x="16" y="%g" transform="rotate(-90 16 %g)" text-anchor="middle">time of the count (log scale)</text>`+"\n", top+ph/2, top+ph/2)
	for i, s := range []struct {
		name, colour string
		run          func(report.SweepRow) report.Run
	}{
		{"backtrack", "#1f77b4", func(r report.SweepRow) report.Run { return r.Backtrack }},
		{"sat", "#ff7f0e", func(r report.SweepRow) report.Run { return r.SAT }},
	} {
		var pts bytes.Buffer
		for _, r := range d.Rows {
			run := s.run(r)
			switch run.Status {
			case report.Done:
				fmt.Fprintf(&pts, "%.1f,%.1f ", x(r.Value), y(run.ElapsedMS))
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x(r.Value), y(run.ElapsedMS), s.colour)
			case report.TimedOut:
				xx, yy := x(r.Value), top+4
				fmt.Fprintf(&b, `<path d="M%.1f %.1f l-5 9 h10 z" fill="none" stroke="%s"><title>%s timed out</title></path>`+"\n", xx, yy, s.colour, s.name)
			}
		}
		if pts.Len() > 0 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", bytes.TrimSpace(pts.Bytes()), s.colour)
		}
		ly := top + 20 + 20*float64(i)
		fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="2"/><text x="%g" y="%g">%s</text>`+"\n",
			left+pw+12, ly, left+pw+36, ly, s.colour, left+pw+42, ly+4, s.name)
	}
	disagree := false
	for _, r := range d.Rows {
		if r.Agree != nil && !*r.Agree {
			disagree = true
			xx := x(r.Value)
			fmt.Fprintf(&b, `<path d="M%.1f %g l8 8 m0 -8 l-8 8" stroke="red" stroke-width="2"><title>counts differ at %s=%d</title></path>`+"\n", xx-4, top+ph-12, xmlText(d.Parameter), r.Value)
		}
	}
	ly := top + 60
	fmt.Fprintf(&b, `<path d="M%g %g l-5 9 h10 z" fill="none" stroke="#333"/><text x="%g" y="%g">timed out</text>`+"\n", left+pw+24, ly-6, left+pw+42, ly+4)
	if disagree {
		fmt.Fprintf(&b, `<path d="M%g %g l8 8 m0 -8 l-8 8" stroke="red" stroke-width="2"/><text x="%g" y="%g">counts differ</text>`+"\n", left+pw+20, ly+14, left+pw+42, ly+22)
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// msLabel writes a time in milliseconds as the axis shows it: 1 µs, 10 ms, 1 s.
func msLabel(ms float64) string {
	switch {
	case ms >= 1000:
		return fmt.Sprintf("%g s", ms/1000)
	case ms >= 1:
		return fmt.Sprintf("%g ms", ms)
	}
	return fmt.Sprintf("%g µs", ms*1000)
}
