// Package strictjson decodes JSON as a careful reader must: one value and nothing after it, no key
// repeated in an object (encoding/json keeps the last, silently), and, where asked, no key the target
// does not know.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Decode decodes data, a single JSON value, into v. It refuses trailing data, a key repeated in any
// object, and (with known) a key that v's struct does not name. Its errors are lower-case and say where:
// "offset 17: repeated key \"size\"".
func Decode(data []byte, v any, known bool) error {
	if err := Check(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if known {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return plain(err)
	}
	return nil
}

// Check reports whether data is one JSON value with no key repeated in an object and nothing after it.
func Check(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := value(dec, 0); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("offset %d: data after the JSON value", dec.InputOffset())
	}
	return nil
}

// maxDepth bounds the nesting Check follows: far more than any request or level holds.
const maxDepth = 64

// value reads one value from dec, checking the keys of its objects.
func value(dec *json.Decoder, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("offset %d: nested more than %d deep", dec.InputOffset(), maxDepth)
	}
	t, err := dec.Token()
	if err != nil {
		if err == io.EOF && depth == 0 {
			return errors.New("no JSON value (empty)")
		} else if err == io.EOF {
			return errors.New("the JSON ends too soon")
		}
		return plain(err)
	}
	d, ok := t.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '{':
		seen := map[string]bool{}
		for dec.More() {
			at := dec.InputOffset()
			k, err := dec.Token()
			if err == io.EOF {
				return errors.New("the JSON ends too soon")
			} else if err != nil {
				return plain(err)
			}
			key, _ := k.(string)
			if seen[key] {
				return fmt.Errorf("offset %d: repeated key %q", at, key)
			}
			seen[key] = true
			if err := value(dec, depth+1); err != nil {
				return err
			}
		}
	case '[':
		for dec.More() {
			if err := value(dec, depth+1); err != nil {
				return err
			}
		}
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		if err == io.EOF {
			return errors.New("the JSON ends too soon")
		}
		return plain(err)
	}
	return nil
}

// plain rewrites encoding/json's errors without the package's name: "json: unknown field \"x\"" is
// "unknown field \"x\"".
func plain(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("offset %d: %s", se.Offset, se.Error())
	case errors.As(err, &te):
		where := te.Field
		if where == "" {
			where = "value"
		}
		return fmt.Errorf("%s: a JSON %s, want %s", where, te.Value, te.Type)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the JSON ends too soon")
	}
	msg := err.Error()
	if len(msg) > 6 && msg[:6] == "json: " {
		msg = msg[6:]
	}
	return errors.New(msg)
}
