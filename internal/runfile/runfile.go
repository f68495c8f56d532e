// Package runfile holds the files of long counts: checkpoints, which record each finished task as it
// ends so that a killed run resumes where it stopped, and shard results, which one process of an array
// job writes so that a merge can add the shards up. Both are tied to one task list by a fingerprint of
// the model, the method, the task list and the program's version: counts from another list are refused,
// never added.
package runfile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Run names a count that runs in tasks: what the fingerprint is made of.
type Run struct {
	// Model is the model's canonical text (constraints.Model.Canonical).
	Model string
	// Method and Key are the job's (solvers.Job).
	Method, Key string
	// Tasks is the number of tasks in the whole list.
	Tasks int
	// Version is the program's version: counts from another build are not trusted.
	Version string
}

// fingerprintBytes is the length of a fingerprint, in bytes: twice as many hex digits.
const fingerprintBytes = 16

// Fingerprint returns 32 hex digits that change whenever any part of r does.
func (r Run) Fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "queens run\nmodel\n%s\nmethod %s\nkey %s\ntasks %d\nversion %s\n", r.Model, r.Method, r.Key, r.Tasks, r.Version)
	return hex.EncodeToString(h.Sum(nil)[:fingerprintBytes])
}

// describe says what a run is, in a line, for messages.
func (r Run) describe() string {
	model := strings.ReplaceAll(strings.TrimSpace(r.Model), "\n", "; ")
	return fmt.Sprintf("%s, method %s, %d tasks, %s", model, r.Method, r.Tasks, r.Version)
}
