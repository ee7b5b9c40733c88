// Package tools registers the database and credential administration tools.
package tools

import (
	"context"
	"fmt"
	"sync"
)

// Catalog is the slice of the database admin API the tools need.
type Catalog struct {
	mu     sync.Mutex
	tables map[string]int
	dbs    map[string]bool
	users  map[string]bool
}

// NewCatalog returns an in-memory catalog, handy for tests and the demo binary.
func NewCatalog() *Catalog {
	return &Catalog{tables: map[string]int{}, dbs: map[string]bool{}, users: map[string]bool{}}
}

func (c *Catalog) DropTable(ctx context.Context, name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.tables[name]; !ok {
		return fmt.Errorf("no such table %q", name)
	}
	delete(c.tables, name)
	return nil
}

func (c *Catalog) TruncateTable(ctx context.Context, name string) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.tables[name]
	if !ok {
		return 0, fmt.Errorf("no such table %q", name)
	}
	c.tables[name] = 0
	return n, nil
}

func (c *Catalog) DropDatabase(ctx context.Context, name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.dbs, name)
	return nil
}

func (c *Catalog) PurgeBackups(ctx context.Context, db string, olderThanDays int) (int, error) {
	return olderThanDays / 7, nil
}

func (c *Catalog) DeleteUser(ctx context.Context, login string, cascade bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.users, login)
	return nil
}

func (c *Catalog) DeleteRole(ctx context.Context, role string) error {
	return nil
}
