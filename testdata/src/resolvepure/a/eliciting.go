package a

// Each family of effects in an eliciting resolver, before its question:
// it runs before the user answers, and again in every round.

import (
	"context"
	"database/sql"
	"net/smtp"
	"os/exec"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type asker struct{ db *sql.DB }

func (a *asker) confirmRelease(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	a.db.ExecContext(ctx, "UPDATE locks SET held = 0 WHERE path = ?", in.Path)                           // want `^resolver a.\(\*asker\).confirmRelease writes to a SQL database \(sql.\(\*DB\).ExecContext\)`
	exec.CommandContext(ctx, "git", "tag", in.Path).Run()                                                // want `^resolver a.\(\*asker\).confirmRelease runs a process \(exec.\(\*Cmd\).Run\)`
	smtp.SendMail("mail.example:25", nil, "a@example.com", []string{"ops@example.com"}, []byte(in.Path)) // want `^resolver a.\(\*asker\).confirmRelease sends mail \(smtp.SendMail\)`
	return resolve.Ask[Confirm]("Release " + in.Path + "?"), nil
}

func registerEliciting(s *mcp.Server, a *asker) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "release"}, handleConfirmed, a.confirmRelease)
}
