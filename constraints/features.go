package constraints

import "strings"

// Feature is one part of the model beyond a plain board of queens. Solvers state the features they take
// and refuse the rest by name (see solvers.ErrUnsupported).
type Feature uint16

// The features a model may use.
const (
	FeatureRiders      Feature = 1 << iota // any rider
	FeatureLeapers                         // any leaper
	FeatureWrap                            // a torus
	FeatureBlocked                         // blocked cells
	FeatureFixed                           // fixed queens
	FeatureRegions                         // a region grid
	FeatureRowQuota                        // each: {row: q}
	FeatureColumnQuota                     // each: {column: q}
	FeatureRegionQuota                     // each: {region: q}

	// AllFeatures is every feature.
	AllFeatures = FeatureRiders | FeatureLeapers | FeatureWrap | FeatureBlocked | FeatureFixed |
		FeatureRegions | FeatureRowQuota | FeatureColumnQuota | FeatureRegionQuota
)

var featureNames = []struct {
	f    Feature
	name string
}{
	{FeatureRiders, "riders"}, {FeatureLeapers, "leapers"}, {FeatureWrap, "wrap"},
	{FeatureBlocked, "blocked cells"}, {FeatureFixed, "fixed queens"}, {FeatureRegions, "regions"},
	{FeatureRowQuota, "row quota"}, {FeatureColumnQuota, "column quota"}, {FeatureRegionQuota, "region quota"},
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
	set(m.Wrap, FeatureWrap)
	set(len(m.Blocked) > 0, FeatureBlocked)
	set(len(m.Fixed) > 0, FeatureFixed)
	set(m.Regions != nil, FeatureRegions)
	set(m.Each.Row > 0, FeatureRowQuota)
	set(m.Each.Column > 0, FeatureColumnQuota)
	set(m.Each.Region > 0, FeatureRegionQuota)
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
