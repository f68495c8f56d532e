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

// Lacks says that a way of solving does not serve o: "counts nothing", "lists no solutions", ….
func (o Op) Lacks() string {
	switch o {
	case OpCount:
		return "counts nothing"
	case OpClasses:
		return "counts no classes"
	case OpList:
		return "lists no solutions"
	}
	return "finds no solution"
}
