// Package infra exposes deployment, cache, cluster and storage tools.
package infra

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrNotFound is returned for unknown resources.
var ErrNotFound = errors.New("infra: not found")

// Backend is the control-plane API used by the tools.
type Backend interface {
	Deploy(ctx context.Context, service, version, env string) (string, error)
	Promote(ctx context.Context, service, fromEnv, toEnv string) (string, error)
	PurgeCDN(ctx context.Context, zone string, paths []string) (int, error)
	PurgeEdge(ctx context.Context, pop string, paths []string) (int, error)
	DeleteCluster(ctx context.Context, name string) error
	DrainCluster(ctx context.Context, name string) (int, error)
	ScaleToZero(ctx context.Context, deployment string) error
	DeleteSnapshot(ctx context.Context, id string) error
	RolloutRegion(ctx context.Context, service, version, region string) error
	DecommissionRegion(ctx context.Context, service, region string) error
	Begin(ctx context.Context) (Tx, error)
}

// Tx is a storage metadata transaction. Nothing is visible or deleted until
// Commit.
type Tx interface {
	StageObjectDeletion(bucket string) (int, error)
	StageBucketDeletion(bucket string) error
	StageVolumeDetach(volume string) (int, error)
	StageVolumeDeletion(volume string) error
	Commit() error
	Rollback() error
}

// MemBackend is an in-memory Backend used in development.
type MemBackend struct {
	mu       sync.Mutex
	log      []string
	clusters map[string]bool
}

// NewMemBackend returns an empty MemBackend.
func NewMemBackend() *MemBackend {
	return &MemBackend{clusters: map[string]bool{"staging-eu": true, "prod-us": true}}
}

func (m *MemBackend) record(format string, args ...any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.log = append(m.log, fmt.Sprintf(format, args...))
}

func (m *MemBackend) Deploy(_ context.Context, service, version, env string) (string, error) {
	m.record("deploy %s@%s to %s", service, version, env)
	return fmt.Sprintf("dep-%s-%s", service, version), nil
}

func (m *MemBackend) Promote(_ context.Context, service, fromEnv, toEnv string) (string, error) {
	m.record("promote %s %s->%s", service, fromEnv, toEnv)
	return fmt.Sprintf("dep-%s-%s", service, toEnv), nil
}

func (m *MemBackend) PurgeCDN(_ context.Context, zone string, paths []string) (int, error) {
	m.record("purge cdn %s %v", zone, paths)
	return len(paths), nil
}

func (m *MemBackend) PurgeEdge(_ context.Context, pop string, paths []string) (int, error) {
	m.record("purge edge %s %v", pop, paths)
	return len(paths), nil
}

func (m *MemBackend) DeleteCluster(_ context.Context, name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.clusters[name] {
		return fmt.Errorf("cluster %q: %w", name, ErrNotFound)
	}
	delete(m.clusters, name)
	return nil
}

func (m *MemBackend) DrainCluster(_ context.Context, name string) (int, error) {
	m.record("drain %s", name)
	return 12, nil
}

func (m *MemBackend) ScaleToZero(_ context.Context, deployment string) error {
	m.record("scale %s to 0", deployment)
	return nil
}

func (m *MemBackend) DeleteSnapshot(_ context.Context, id string) error {
	m.record("delete snapshot %s", id)
	return nil
}

func (m *MemBackend) RolloutRegion(_ context.Context, service, version, region string) error {
	m.record("rollout %s@%s in %s", service, version, region)
	return nil
}

func (m *MemBackend) DecommissionRegion(_ context.Context, service, region string) error {
	m.record("decommission %s in %s", service, region)
	return nil
}

func (m *MemBackend) Begin(_ context.Context) (Tx, error) { return &memTx{b: m}, nil }

type memTx struct {
	b     *MemBackend
	ops   []string
	ended bool
}

func (t *memTx) StageObjectDeletion(bucket string) (int, error) {
	t.ops = append(t.ops, "delete objects in "+bucket)
	return 1024, nil
}

func (t *memTx) StageBucketDeletion(bucket string) error {
	t.ops = append(t.ops, "delete bucket "+bucket)
	return nil
}

func (t *memTx) StageVolumeDetach(volume string) (int, error) {
	t.ops = append(t.ops, "detach "+volume)
	return 3, nil
}

func (t *memTx) StageVolumeDeletion(volume string) error {
	t.ops = append(t.ops, "delete volume "+volume)
	return nil
}

func (t *memTx) Commit() error {
	if t.ended {
		return errors.New("tx already finished")
	}
	t.ended = true
	for _, op := range t.ops {
		t.b.record("commit: %s", op)
	}
	return nil
}

func (t *memTx) Rollback() error {
	t.ended = true
	t.ops = nil
	return nil
}
