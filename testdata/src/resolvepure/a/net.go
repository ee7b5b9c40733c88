package a

// HTTP requests that change state, and mail. Reads (GET, HEAD) are not
// effects, and neither is a request whose method is not a constant.

import (
	"context"
	"net/http"
	"net/smtp"
	"net/url"
	"strings"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func posts(ctx context.Context, in In) (Backup, error) {
	http.Post("http://backup.example/"+in.Path, "text/plain", nil)      // want `^resolver a.posts sends a state-changing HTTP request \(http.Post\)`
	http.PostForm("http://backup.example/", url.Values{"p": {in.Path}}) // want `sends a state-changing HTTP request \(http.PostForm\)`
	c := &http.Client{}
	c.Post("http://backup.example/", "text/plain", strings.NewReader(in.Path)) // want `sends a state-changing HTTP request \(http.\(\*Client\).Post\)`
	c.PostForm("http://backup.example/", nil)                                  // want `sends a state-changing HTTP request \(http.\(\*Client\).PostForm\)`
	return Backup{}, nil
}

func deletes(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	req, err := http.NewRequest(http.MethodDelete, "http://backup.example/"+in.Path, nil)
	if err != nil {
		return resolve.Elicit[Confirm]{}, err
	}
	http.DefaultClient.Do(req)                  // want `^resolver a.deletes sends a state-changing HTTP request \(http.\(\*Client\).Do with method DELETE\)`
	http.DefaultClient.Do(req.WithContext(ctx)) // want `sends a state-changing HTTP request \(http.\(\*Client\).Do with method DELETE\)`
	put, _ := http.NewRequestWithContext(ctx, "PUT", "http://backup.example/", nil)
	client := &http.Client{}
	client.Do(put) // want `sends a state-changing HTTP request \(http.\(\*Client\).Do with method PUT\)`
	lit := &http.Request{Method: http.MethodPatch, URL: &url.URL{Scheme: "http", Host: "backup.example"}}
	client.Do(lit)                         // want `sends a state-changing HTTP request \(http.\(\*Client\).Do with method PATCH\)`
	client.Do(&http.Request{URL: lit.URL}) // no method is GET
	return resolve.Ask[Confirm]("Delete the remote copy?"), nil
}

// reads sends only reads, and a request whose method it does not know.
func reads(ctx context.Context, in In, method Method) (Backup, error) {
	resp, err := http.Get("http://backup.example/" + in.Path)
	if err == nil {
		resp.Body.Close()
	}
	http.Head("http://backup.example/")
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://backup.example/", nil)
	http.DefaultClient.Do(req)
	dyn, _ := http.NewRequest(method.Name, "http://backup.example/", nil)
	http.DefaultClient.Do(dyn)
	return Backup{}, nil
}

type Method struct{ Name string }

func methodOf(ctx context.Context, in In) (Method, error) { return Method{Name: "GET"}, nil }

func mails(ctx context.Context, in In) (Backup, error) {
	smtp.SendMail("mail.example:25", nil, "a@example.com", []string{"b@example.com"}, []byte(in.Path)) // want `^resolver a.mails sends mail \(smtp.SendMail\)`
	c, err := smtp.Dial("mail.example:25")
	if err != nil {
		return Backup{}, err
	}
	c.Mail("a@example.com") // the envelope sends nothing yet
	w, err := c.Data()      // want `sends mail \(smtp.\(\*Client\).Data\)`
	if err == nil {
		w.Close()
	}
	return Backup{}, c.Quit()
}

func registerNet(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "posts"}, handle, posts)
	resolve.MustAddTool(s, &mcp.Tool{Name: "deletes"}, handleConfirmed, deletes)
	resolve.MustAddTool(s, &mcp.Tool{Name: "reads"}, handle, methodOf, reads)
	resolve.MustAddTool(s, &mcp.Tool{Name: "mails"}, handle, mails)
}
