// Package deduce solves region puzzles the way a person does: one named technique at a time, each step
// deciding some cells for a reason that fits in a sentence. It serves the explanations and hints of
// `queens explain` and `queens hint`, grades puzzles by the hardest technique they need, and offers its
// board State (place, exclude, undo, Propagate) as propagation for a search.
//
// A model is read once into units (rows, columns, regions, riders' lines and the board, each a set of
// cells holding between lo and hi queens) and, for each cell, the cells a queen there attacks. Every
// technique works on those, so it serves any region puzzle queens can state: LinkedIn's Queens (the
// king's step), Star Battle with any number of stars, regions on classic queens, riders and leapers of
// any shape, blocked cells and fixed queens.
//
// The techniques, easiest first, are named as Star Battle players and solvers name them (Techniques
// lists them with a sentence each), a file for each family: the basics (trivial marks, saturation, exact
// fill); locked lines; the exclusion family (exclusion, adjacent exclusion, pressured exclusion); counting
// in bands (overcounting, undercounting, band counting); 2×2 blocks; placements walked whole (forced
// placement, square counting); and chains (a forcing chain of forced moves, and bifurcation, a
// supposition reasoned on with the techniques above, tried last). Each has a published position where it
// fires in the tests.
//
// For a search, State.Pack adds to Propagate the bounds a 2×2 block gives (it holds one queen at most
// when the attacks make it a clique): a row, column, region, the board or a band of two rows or columns
// that needs as many queens as the fewest blocks covering its open cells has one in each block, and
// regions are counted against bands of rows and columns (k regions in k rows). Walk is the search that
// decides so at every node: package solvers/propagate runs it as a solver, and Explain and HintFor run it
// for a guess's solution and to tell one solution from several.
//
// The package reads a model through its constraints.Program (every surface, every quota) and imports
// nothing of the project but package constraints.
package deduce
