package a

// SQL: Exec writes, Query reads.

import (
	"context"
	"database/sql"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type store struct{ db *sql.DB }

// reserve is a method value resolver.
func (s *store) reserve(ctx context.Context, in In) (Backup, error) {
	s.db.Exec("UPDATE stock SET n = n - 1 WHERE path = ?", in.Path) // want `^resolver a.\(\*store\).reserve writes to a SQL database \(sql.\(\*DB\).Exec\)`
	s.db.ExecContext(ctx, "INSERT INTO log VALUES (?)", in.Path)    // want `writes to a SQL database \(sql.\(\*DB\).ExecContext\)`
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT n FROM stock WHERE path = ?", in.Path).Scan(&n)
	return Backup{}, err
}

func (s *store) inTx(ctx context.Context, in In) (Backup, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Backup{}, err
	}
	tx.Exec("DELETE FROM stock")           // want `writes to a SQL database \(sql.\(\*Tx\).Exec\)`
	tx.ExecContext(ctx, "DELETE FROM log") // want `writes to a SQL database \(sql.\(\*Tx\).ExecContext\)`
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return Backup{}, err
	}
	conn.ExecContext(ctx, "VACUUM") // want `writes to a SQL database \(sql.\(\*Conn\).ExecContext\)`
	stmt, err := s.db.Prepare("DELETE FROM stock WHERE path = ?")
	if err != nil {
		return Backup{}, err
	}
	stmt.Exec(in.Path)             // want `writes to a SQL database \(sql.\(\*Stmt\).Exec\)`
	stmt.ExecContext(ctx, in.Path) // want `writes to a SQL database \(sql.\(\*Stmt\).ExecContext\)`
	rows, err := tx.QueryContext(ctx, "SELECT path FROM stock")
	if err == nil {
		rows.Close()
	}
	return Backup{}, tx.Rollback()
}

func registerSQL(s *mcp.Server, st *store) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "reserve"}, handle, st.reserve)
	resolve.MustAddTool(s, &mcp.Tool{Name: "tx"}, handle, st.inTx)
}
