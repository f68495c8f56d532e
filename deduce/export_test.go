package deduce

// AttackedBy reports whether the compiled attack lists join cells a and b.
func (s *State) AttackedBy(a, b int) bool {
	for _, x := range s.p.attacks[a] {
		if int(x) == b {
			return true
		}
	}
	return false
}
