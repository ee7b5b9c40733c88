package seal

import "github.com/mcplint/mcplint/runtime/internal/sealcore"

const (
	// MaxTokenBytes bounds a token. Open rejects a longer one before any
	// decoding or cryptographic work, and Seal refuses a payload that would
	// make one.
	MaxTokenBytes = sealcore.MaxTokenBytes
	// MinKeyBytes is the shortest key a ring accepts: 256 bits, the
	// strength of AES-256.
	MinKeyBytes = sealcore.MinKeyBytes
	// DefaultTTL is how long a token stays valid when Options.TTL is zero.
	DefaultTTL = sealcore.DefaultTTL
	// KeysEnv is the environment variable KeysFromEnv reads.
	KeysEnv = sealcore.KeysEnv
)

// Claims describe the call a token is issued for. Open accepts a token only
// for the same claims it was sealed with. resolve.Binding is an alias of
// Claims: the runtime hands its codec the claims of each call.
type Claims = sealcore.Claims

// Options configure a [Codec].
type Options = sealcore.Options

// A Codec seals and opens requestState tokens bound to [Claims]. It is safe
// for concurrent use. *Codec implements the runtime's
// resolve.StateCodec.
type Codec = sealcore.Codec

// New returns a codec for the key ring in opts.Keys. It fails if the ring is
// empty, a key is shorter than MinKeyBytes, a key appears twice, or the TTL
// is negative or under a millisecond (a token carries its TTL in
// milliseconds).
func New(opts Options) (*Codec, error) { return sealcore.New(opts) }

// NewRandom returns a codec whose only key is drawn at random, for a server
// that has no configured ring. opts.Keys must be empty. Its tokens do not
// survive a restart and open only in this process; NewRandom logs a notice
// saying so.
func NewRandom(opts Options) (*Codec, error) { return sealcore.NewRandom(opts) }

// ErrInvalid is wrapped by every error Open returns: the token is malformed,
// forged, expired, or issued for another call.
var ErrInvalid = sealcore.ErrInvalid

// ErrTooLarge is wrapped by the error of Seal for a payload whose token
// would exceed MaxTokenBytes.
var ErrTooLarge = sealcore.ErrTooLarge

// ParseKeys parses a key ring written as comma-separated base64 keys, in the
// standard or URL alphabet, padded or not; spaces around a key are ignored.
// The first key seals. Every key must be at least MinKeyBytes long, and no
// entry may be empty. Errors name an entry by its position, never by its
// content.
func ParseKeys(s string) ([][]byte, error) { return sealcore.ParseKeys(s) }

// KeysFromEnv returns the key ring in the environment variable
// MCPLINT_STATE_KEYS (see ParseKeys), or nil and no error if it is unset or
// blank.
func KeysFromEnv() ([][]byte, error) { return sealcore.KeysFromEnv() }

// GenerateKey returns a new random key of MinKeyBytes, in standard base64:
// a value for MCPLINT_STATE_KEYS, like the output of
// "openssl rand -base64 32".
func GenerateKey() string { return sealcore.GenerateKey() }
