// Package seal seals and opens MCP requestState tokens.
//
// A server that answers a call with an input-required result hands the
// client a requestState string, and the client echoes it on the retry. The
// specification says to treat that string as attacker-controlled. A [Codec]
// encrypts and authenticates the state (AES-256 in counter mode under an
// HMAC-SHA256 synthetic IV, which is also its tag) and binds it to the call
// it was issued for, so that a client can neither read nor change it, nor
// replay it against another call, another user, another server or after it
// expires.
//
// # Use in a hand-written handler
//
// Build one Codec per server, at start-up:
//
//	keys, err := seal.KeysFromEnv() // MCPLINT_STATE_KEYS
//	if err != nil {
//		log.Fatal(err)
//	}
//	opts := seal.Options{Keys: keys, Audience: "my-server"}
//	var codec *seal.Codec
//	if keys == nil {
//		codec, err = seal.NewRandom(opts)
//	} else {
//		codec, err = seal.New(opts)
//	}
//
// In the handler, describe the call with [Claims], [Codec.Seal] the state
// into the input-required result, and [Codec.Open] it on the retry. When Open
// fails, answer -32602 "Invalid or expired requestState" (on go-sdk, return
// the error of resolve.InvalidStateError, package
// github.com/mcplint/mcplint/runtime/resolve); the detailed reason is in the error Open returns and in the
// codec's log, never on the wire. See the package example.
//
// Arguments are bound byte for byte, so seal and open with the same canonical
// encoding of them: for example, decode the arguments into the tool's input
// struct, or into an any (maps marshal with sorted keys), and json.Marshal
// the result.
//
// # Keys
//
// A key is at least [MinKeyBytes] random bytes. Generate one with
//
//	openssl rand -base64 32
//
// or with [GenerateKey]. [ParseKeys] and [KeysFromEnv] read a key ring as a
// comma-separated list of base64 keys, such as
// MCPLINT_STATE_KEYS="NEWKEY,OLDKEY". The first key seals; every key opens.
// Keep the ring secret: anyone who holds a key can read and forge tokens.
//
// With no configured keys, [NewRandom] draws a key for the life of the
// process. Its tokens do not survive a restart and do not open on another
// replica, so a server with several replicas, or one that restarts while a
// user is answering a question, needs a configured ring shared by all its
// replicas. Replicas that share a ring can serve the rounds of one call in any
// order.
//
// # Rotating keys
//
// To replace OLD with NEW without failing calls in flight:
//
//  1. Add NEW as a second key, "OLD,NEW", on every replica. Replicas still
//     seal with OLD, and now also open NEW.
//  2. Once every replica has the ring, put NEW first, "NEW,OLD". Replicas seal
//     with NEW and still open tokens sealed earlier with OLD.
//  3. Once every replica seals with NEW, wait at least the TTL ([DefaultTTL]
//     unless set), until no token sealed with OLD can still be valid, and
//     remove OLD: "NEW".
//
// A single server can skip step 1. Removing a key at once, instead, revokes
// every token sealed with it.
//
// # What sealing does not give
//
// A token can be replayed within its TTL for the same method, target,
// arguments, principal and audience: the codec keeps no record of the tokens
// it has opened. If a round must run at most once (a payment, a deployment),
// enforce single use on the server, for example by keeping an id from the
// payload in a store of spent ids until the token expires.
//
// The length of a token reveals roughly the length of its payload. Sealing
// does not hide the state from whoever holds the keys, and it cannot revoke a
// single token, only every token of a key (by removing the key).
package seal
