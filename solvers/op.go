package solvers

// Op is what a caller asks of a solver: to count, to count classes, to list or to find. The router's
// table says which operations each row serves; the backtracker's methods say the same of its kernels.
type Op uint8

// The operations.
const (
	OpCount   Op = 1 << iota // count the solutions
	OpClasses                // count them and their classes
	OpList                   // list every solution, in order
	OpFind                   // find one solution
)

// Lacks says that a way of solving does not serve o: "does not count", "does not list solutions", …;
// never words that read as an answer about the model ("finds no solution" reads as "has none").
func (o Op) Lacks() string {
	switch o {
	case OpCount:
		return "does not count"
	case OpClasses:
		return "does not count classes"
	case OpList:
		return "does not list solutions"
	}
	return "does not find one solution"
}
