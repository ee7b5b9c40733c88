// Package lib imports no MCP API: its effectful functions reach the
// resolvers of other packages through facts.
package lib

import (
	"context"
	"net/smtp"
	"os"
)

// Purge removes a file.
func Purge(path string) error { return os.Remove(path) } // want Purge:`effect\(writes to the file system: os.Remove\)`

// Store writes files under a directory.
type Store struct{ Dir string }

// Save writes a file, through an unexported helper.
func (s *Store) Save(name string, data []byte) error { // want Save:`effect\(writes to the file system: os.WriteFile\)`
	return write(s.Dir+"/"+name, data)
}

func write(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

// Load reads a file: no fact.
func (s *Store) Load(name string) ([]byte, error) { return os.ReadFile(s.Dir + "/" + name) }

// Notify sends mail.
func Notify(to string) error { // want Notify:`effect\(sends mail: smtp.SendMail\)`
	return smtp.SendMail("mail.example:25", nil, "noreply@example.com", []string{to}, []byte("done"))
}

// Item is what Cleanup provides.
type Item struct{ Path string }

// In is the input of the tools in package b.
type In struct {
	Path string `json:"path"`
}

// Cleanup is a resolver declared in this package and registered in
// another.
func Cleanup(ctx context.Context, in In) (Item, error) { // want Cleanup:`effect\(writes to the file system: os.Remove\)`
	return Item{Path: in.Path}, Purge(in.Path + ".tmp")
}

// Describe is a resolver without effects.
func Describe(ctx context.Context, in In) (Item, error) {
	_, err := os.Stat(in.Path)
	return Item{Path: in.Path}, err
}
