// Package viahelper gates its question through another package's helper. // want package:`readsCapabilities\(elicitation\)`
package viahelper

import (
	"context"
	"errors"

	"example.com/askcaps/capslib"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

func Ask(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) { // want Ask:`checksCapabilities\(elicitation\)`
	if !capslib.CanAsk(req) {
		return nil, nil, errors.New("this tool needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"go": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
}
