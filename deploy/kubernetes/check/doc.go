// Package check holds a test of the Kubernetes manifests beside it, offline: each is decoded strictly
// into the API's own types (batch/v1 Job, core/v1 Pod; an unknown or misspelt field is an error), the
// Indexed Job and the merge Job are held to agree (n, M, completions, the volume), and the shell each
// container runs is run here, for every index of a small count, and merged to the OEIS total.
//
// It is a module of its own so that the queens module keeps its three dependencies: k8s.io/api is
// needed only here. Run it with: cd deploy/kubernetes/check && go test ./...
package check
