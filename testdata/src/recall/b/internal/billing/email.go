package billing

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

// Sender delivers email.
type Sender interface {
	Send(ctx context.Context, list, subject, body string) (int, error)
}

// Mailer registers the customer-messaging tools.
type Mailer struct {
	Sender Sender
}

type MailIn struct {
	List    string `json:"list" jsonschema:"recipient list id"`
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

type MailOut struct {
	Sent    int    `json:"sent"`
	Subject string `json:"subject"`
}

const (
	keyBulk       = "confirm_bulk_email"
	keyNotice     = "confirm_account_notice"
	keyNewsletter = "review_newsletter"
	keyDigest     = "review_digest"
)

// Register adds the mail tools to s.
func (m *Mailer) Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "send_bulk_email", Description: "Email every address on a list."},
		func(ctx context.Context, req *mcp.CallToolRequest, in MailIn) (*mcp.CallToolResult, MailOut, error) {
			er, ok := confirm.Lookup(req, keyBulk) // probe:bug confirm-box-ignored: only Action is checked; the required confirm checkbox may be false or absent and the mail still goes out
			if !ok {
				return confirm.Ask(keyBulk,
					fmt.Sprintf("Send %q to everyone on %s? Optionally override the subject.", in.Subject, in.List),
					confirm.Schema("subject"), ""), MailOut{}, nil
			}
			if er.Action != confirm.ActionAccept {
				return confirm.Stopped("Bulk email"), MailOut{}, nil
			}
			subject := in.Subject
			if s, _ := er.Content["subject"].(string); s != "" {
				subject = s
			}
			n, err := m.Sender.Send(ctx, in.List, subject, in.Body)
			if err != nil {
				return nil, MailOut{}, err
			}
			return nil, MailOut{Sent: n, Subject: subject}, nil
		})

	mcp.AddTool(s, &mcp.Tool{Name: "send_account_notice", Description: "Send a mandatory account notice to a list."},
		func(ctx context.Context, req *mcp.CallToolRequest, in MailIn) (*mcp.CallToolResult, MailOut, error) {
			er, ok := confirm.Lookup(req, keyNotice) // probe:ok
			if !ok {
				return confirm.Ask(keyNotice,
					fmt.Sprintf("Send notice %q to everyone on %s? Optionally override the subject.", in.Subject, in.List),
					confirm.Schema("subject"), ""), MailOut{}, nil
			}
			if er.Action != confirm.ActionAccept {
				return confirm.Stopped("Account notice"), MailOut{}, nil
			}
			if ticked, _ := er.Content["confirm"].(bool); !ticked {
				return confirm.Stopped("Account notice"), MailOut{}, nil
			}
			subject := in.Subject
			if s, _ := er.Content["subject"].(string); s != "" {
				subject = s
			}
			n, err := m.Sender.Send(ctx, in.List, subject, in.Body)
			if err != nil {
				return nil, MailOut{}, err
			}
			return nil, MailOut{Sent: n, Subject: subject}, nil
		})

	mcp.AddTool(s, &mcp.Tool{Name: "send_newsletter", Description: "Send the newsletter after the user reviews the subject."},
		func(ctx context.Context, req *mcp.CallToolRequest, in MailIn) (*mcp.CallToolResult, MailOut, error) {
			er, ok := confirm.Lookup(req, keyNewsletter) // probe:bug cancel-as-default: a dismissed (cancel) review dialog is treated as "keep the draft" and the newsletter is sent
			if !ok {
				return confirm.Ask(keyNewsletter,
					fmt.Sprintf("Send the newsletter to %s with subject %q? Edit the subject if needed.", in.List, in.Subject),
					subjectSchema(), ""), MailOut{}, nil
			}
			subject := in.Subject
			switch er.Action {
			case confirm.ActionAccept:
				if s, _ := er.Content["subject"].(string); s != "" {
					subject = s
				}
			case confirm.ActionCancel:
				// Dialog closed without edits: keep the drafted subject.
			default:
				return confirm.Stopped("Newsletter"), MailOut{}, nil
			}
			n, err := m.Sender.Send(ctx, in.List, subject, in.Body)
			if err != nil {
				return nil, MailOut{}, err
			}
			return nil, MailOut{Sent: n, Subject: subject}, nil
		})

	mcp.AddTool(s, &mcp.Tool{Name: "send_digest", Description: "Send the weekly digest after the user reviews the subject."},
		func(ctx context.Context, req *mcp.CallToolRequest, in MailIn) (*mcp.CallToolResult, MailOut, error) {
			er, ok := confirm.Lookup(req, keyDigest) // probe:ok
			if !ok {
				return confirm.Ask(keyDigest,
					fmt.Sprintf("Send the digest to %s with subject %q? Edit the subject if needed.", in.List, in.Subject),
					subjectSchema(), ""), MailOut{}, nil
			}
			subject := in.Subject
			switch er.Action {
			case confirm.ActionAccept:
				if s, _ := er.Content["subject"].(string); s != "" {
					subject = s
				}
			case confirm.ActionCancel:
				return confirm.Stopped("Digest"), MailOut{}, nil
			default:
				return confirm.Stopped("Digest"), MailOut{}, nil
			}
			n, err := m.Sender.Send(ctx, in.List, subject, in.Body)
			if err != nil {
				return nil, MailOut{}, err
			}
			return nil, MailOut{Sent: n, Subject: subject}, nil
		})
}

func subjectSchema() *jsonschema.Schema {
	s := confirm.EmptySchema()
	s.Properties["subject"] = &jsonschema.Schema{Type: "string"}
	return s
}
