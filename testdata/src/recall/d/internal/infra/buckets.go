package infra

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// BucketInput names a bucket.
type BucketInput struct {
	Bucket string `json:"bucket" jsonschema:"bucket name"`
}

// VolumeInput names a block volume.
type VolumeInput struct {
	Volume string `json:"volume" jsonschema:"volume id"`
}

// StorageOutput reports a storage deletion.
type StorageOutput struct {
	Name    string `json:"name"`
	Deleted bool   `json:"deleted"`
	Items   int    `json:"items"`
}

// DeleteBucket deletes a bucket and its objects.
//
// The deletion is staged inside a metadata transaction first so the prompt can
// show the exact number of objects; the deferred block finishes the
// transaction.
func (t *Tools) DeleteBucket(ctx context.Context, req *mcp.CallToolRequest, in BucketInput) (res *mcp.CallToolResult, out StorageOutput, err error) {
	out.Name = in.Bucket
	tx, err := t.backend.Begin(ctx)
	if err != nil {
		return nil, out, fmt.Errorf("delete_bucket: begin: %w", err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, tx.Rollback())
			return
		}
		if cerr := tx.Commit(); cerr != nil {
			err = fmt.Errorf("delete_bucket: commit: %w", cerr)
			res = nil
		}
	}()

	n, err := tx.StageObjectDeletion(in.Bucket)
	if err != nil {
		return nil, out, fmt.Errorf("delete_bucket: stage: %w", err)
	}
	out.Items = n

	ok, err := t.confirmer.Confirm(ctx, req.Session, fmt.Sprintf("Delete bucket %s and its %d objects?", in.Bucket, n)) // probe:bug defer-commits-on-decline: decline returns a Refused result with err == nil, so the deferred block Commits the already-staged object deletion
	if err != nil {
		return nil, out, fmt.Errorf("delete_bucket: confirmation: %w", err)
	}
	if !ok {
		return approval.Refused("bucket deletion not confirmed"), out, nil
	}

	if err := tx.StageBucketDeletion(in.Bucket); err != nil {
		return nil, out, fmt.Errorf("delete_bucket: %w", err)
	}
	out.Deleted = true
	return approval.Done("bucket %s deleted (%d objects)", in.Bucket, n), out, nil
}

// DeleteVolume detaches and deletes a block volume.
//
// Same staging approach as DeleteBucket, but the transaction is committed
// explicitly once the operator has confirmed; the deferred block only rolls
// back.
func (t *Tools) DeleteVolume(ctx context.Context, req *mcp.CallToolRequest, in VolumeInput) (res *mcp.CallToolResult, out StorageOutput, err error) {
	out.Name = in.Volume
	tx, err := t.backend.Begin(ctx)
	if err != nil {
		return nil, out, fmt.Errorf("delete_volume: begin: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			if rerr := tx.Rollback(); rerr != nil {
				t.logger.WarnContext(ctx, "delete_volume: rollback failed", "err", rerr)
			}
		}
	}()

	n, err := tx.StageVolumeDetach(in.Volume)
	if err != nil {
		return nil, out, fmt.Errorf("delete_volume: stage: %w", err)
	}
	out.Items = n

	ok, err := t.confirmer.Confirm(ctx, req.Session, fmt.Sprintf("Detach volume %s from %d instances and delete it?", in.Volume, n)) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("delete_volume: confirmation: %w", err)
	}
	if !ok {
		return approval.Refused("volume deletion not confirmed"), out, nil
	}

	if err := tx.StageVolumeDeletion(in.Volume); err != nil {
		return nil, out, fmt.Errorf("delete_volume: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, out, fmt.Errorf("delete_volume: commit: %w", err)
	}
	committed = true
	out.Deleted = true
	return approval.Done("volume %s deleted", in.Volume), out, nil
}
