package constraints

import "strings"

// Feature is one part of the model beyond a plain board of queens. Solvers state the features they take
// and refuse the rest by name (see solvers.ErrUnsupported).
type Feature uint16

// The features a model may use.
const (
	FeatureRiders        Feature = 1 << iota // any rider
	FeatureLeapers                           // any leaper
	FeatureWrap                              // a torus
	FeatureBlocked                           // blocked cells
	FeatureFixed                             // fixed queens
	FeatureRegions                           // a region grid
	FeatureRowQuota                          // each: {row: q}
	FeatureColumnQuota                       // each: {column: q}
	FeatureRegionQuota                       // each: {region: q}
	FeatureCylinder                          // the left and right edges joined, plainly
	FeatureTwist                             // a Möbius strip or a Klein bottle: the left and right edges joined with a twist
	FeatureDiagonalQuota                     // each: a quota on a rider's lines: {diagonal: q}, {anti-diagonal: q}, …
	FeatureLineQuota                         // each: {line: <=k}, lines of every slope
	FeatureRanges                            // a quota other than an exact count: at most k, or from a to b

	// AllFeatures is every feature.
	AllFeatures = FeatureRiders | FeatureLeapers | FeatureWrap | FeatureBlocked | FeatureFixed |
		FeatureRegions | FeatureRowQuota | FeatureColumnQuota | FeatureRegionQuota | FeatureCylinder |
		FeatureTwist | FeatureDiagonalQuota | FeatureLineQuota | FeatureRanges
)

var featureNames = []struct {
	f    Feature
	name string
}{
	{FeatureRiders, "riders"}, {FeatureLeapers, "leapers"}, {FeatureWrap, "torus"},
	{FeatureBlocked, "blocked cells"}, {FeatureFixed, "fixed queens"}, {FeatureRegions, "regions"},
	{FeatureRowQuota, "row quota"}, {FeatureColumnQuota, "column quota"}, {FeatureRegionQuota, "region quota"},
	{FeatureCylinder, "cylinder"}, {FeatureTwist, "twisted surface"}, {FeatureDiagonalQuota, "diagonal quota"},
	{FeatureLineQuota, "line quota"}, {FeatureRanges, "quota ranges"},
}

// Features returns the features m uses.
func (m Model) Features() Feature {
	var f Feature
	set := func(on bool, x Feature) {
		if on {
			f |= x
		}
	}
	set(len(m.Attack.riders) > 0, FeatureRiders)
	set(len(m.Attack.leapers) > 0, FeatureLeapers)
	set(m.Surface == Torus, FeatureWrap)
	set(m.Surface == Cylinder, FeatureCylinder)
	set(m.Surface.Twisted(), FeatureTwist)
	set(len(m.Blocked) > 0, FeatureBlocked)
	set(len(m.Fixed) > 0, FeatureFixed)
	set(m.Regions != nil, FeatureRegions)
	e := m.Each
	set(!e.Row.IsZero(), FeatureRowQuota)
	set(!e.Column.IsZero(), FeatureColumnQuota)
	set(!e.Region.IsZero(), FeatureRegionQuota)
	for _, k := range riderKeys {
		set(!e.Get(k.key).IsZero(), FeatureDiagonalQuota)
	}
	set(!e.Line.IsZero(), FeatureLineQuota)
	for _, k := range QuotaKeys() {
		if r := e.Get(k); !r.IsZero() && r.Lo != r.Hi {
			f |= FeatureRanges
		}
	}
	return f
}

// Features lists the single features of f, in the order of the constants.
func (f Feature) Features() []Feature {
	var out []Feature
	for _, fn := range featureNames {
		if f&fn.f != 0 {
			out = append(out, fn.f)
		}
	}
	return out
}

// String names the features of f, comma-separated: "riders, wrap"; "none" for none.
func (f Feature) String() string {
	var names []string
	for _, fn := range featureNames {
		if f&fn.f != 0 {
			names = append(names, fn.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
