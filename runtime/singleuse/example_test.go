package singleuse_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mcplint/mcplint/runtime/singleuse"
)

// A store spends an id once; a full store refuses rather than forget.
func ExampleMemory() {
	ctx := context.Background()
	store := singleuse.NewMemory(&singleuse.MemoryOptions{Max: 1})
	until := time.Now().Add(time.Minute)
	fmt.Println(store.Spend(ctx, "call-1", until))
	fmt.Println(errors.Is(store.Spend(ctx, "call-1", until), singleuse.ErrSpent))
	fmt.Println(errors.Is(store.Spend(ctx, "call-2", until), singleuse.ErrFull))
	// Output:
	// <nil>
	// true
	// true
}
