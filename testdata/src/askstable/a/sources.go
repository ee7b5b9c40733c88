package a

// One question per kind of unstable source.

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	mrand "math/rand"
	rand2 "math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Confirm struct {
	OK bool `json:"ok"`
}

func askTime(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("Order %s at %s?", in.Title, time.Now().Format(time.Kitchen))), nil // want `^resolve.Ask: the question's message depends on time.Now, which changes between rounds, so the question is new every round: build it only from the tool's input and earlier answers$`
}

var started = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func askSince(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("up for " + time.Since(started).String()), nil // want `message depends on time.Since`
}

func askMathRand(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprint("ticket ", mrand.Intn(1000))), nil // want `message depends on math/rand.Intn`
}

func askRandV2(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprint("ticket ", rand2.IntN(1000))), nil // want `message depends on math/rand/v2.IntN`
}

func askCryptoRand(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("nonce " + crand.Text()), nil // want `message depends on crypto/rand.Text`
}

func askUUID(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	id := uuid.NewString()
	return resolve.Ask[Confirm]("request " + id), nil // want `message depends on uuid.NewString`
}

func askPid(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("worker %d asks", os.Getpid())), nil // want `message depends on os.Getpid`
}

func askProgressToken(ctx context.Context, req *mcp.CallToolRequest, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprint("token ", req.Params.GetProgressToken())), nil // want `message depends on the request's progress token`
}

func askMeta(ctx context.Context, req *mcp.CallToolRequest, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprint("meta ", req.Params.Meta["trace"])), nil // want `message depends on the request's _meta`
}

func askHeader(ctx context.Context, req *mcp.CallToolRequest, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("request " + req.Extra.Header.Get("X-Request-Id")), nil // want `message depends on the request's transport extras`
}

// asked counts the questions; a handler writes it.
var asked int

func askCounter(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	asked++
	return resolve.Ask[Confirm](fmt.Sprintf("question #%d", asked)), nil // want `message depends on package variable asked, written at run time in a.askCounter`
}

func askMapOrder(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	stock := map[string]int{"a": 1, "b": 2}
	var names []string
	for name := range stock {
		names = append(names, name)
	}
	return resolve.Ask[Confirm]("in stock: " + strings.Join(names, ", ")), nil // want `message depends on the iteration order of a map`
}

func askRandomBuffer(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	var nonce [8]byte
	if _, err := io.ReadFull(crand.Reader, nonce[:]); err != nil {
		return resolve.Elicit[Confirm]{}, err
	}
	return resolve.Ask[Confirm]("nonce " + hex.EncodeToString(nonce[:])), nil // want `message depends on crypto/rand.Reader`
}

func askRandRead(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	b := make([]byte, 8)
	crand.Read(b)
	return resolve.Ask[Confirm](fmt.Sprintf("code %x", b)), nil // want `message depends on crypto/rand.Read`
}
