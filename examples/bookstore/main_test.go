package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
)

func TestDemo(t *testing.T) {
	out := captureStdout(t, func() {
		if err := runDemo(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
	want := `order_book "Neuromancer"
  result: {"title":"Neuromancer","backordered":false}
order_book "Dune"
  the server asks: "Dune" is out of stock. Order anyway? -> yes
  result: {"title":"Dune","backordered":true}
`
	if out != want {
		t.Errorf("demo printed:\n%s\nwant:\n%s", out, want)
	}
}

func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		var buf bytes.Buffer
		io.Copy(&buf, r)
		done <- buf.String()
	}()
	f()
	os.Stdout = saved
	w.Close()
	return strings.ReplaceAll(<-done, "\r\n", "\n")
}
