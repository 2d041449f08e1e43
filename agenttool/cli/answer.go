package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

// reply is one --answer: the answer, and the digest of the question it
// was given to when it is bound to one.
type reply struct {
	answer agenttool.Answer
	digest string // "" when the reply answers whatever question comes
}

// digestLen is the number of hex digits in a question's digest.
const digestLen = 12

// questionDigest returns the digest of q, the member "digest" of the
// status-3 JSON: the first 12 lowercase hex digits of the SHA-256 of the
// question exactly as the tool asked it. The hash is taken over its
// message, its schema and its URL, in that order, each written as its
// length in bytes in decimal, a colon and its bytes: "13:Delete a.txt?0:0:"
// for a confirmation. The schema's bytes are the tool's own, before the
// status-3 line compacts them, and an absent schema or URL is empty. So a
// question asked again in the same words has the same digest, run after
// run, and any change to what it says or asks for gives another.
func questionDigest(q agenttool.Elicitation) string {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(q.Message), q.Schema, []byte(q.URL)} {
		h.Write(strconv.AppendInt(nil, int64(len(part)), 10))
		h.Write([]byte{':'})
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))[:digestLen]
}

// isDigest reports whether s is written as a digest: 12 lowercase hex
// digits.
func isDigest(s string) bool {
	if len(s) != digestLen {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// parseReply reads the value of one --answer: accept, decline, cancel or a
// JSON object, which accepts with the object as a form's content, each
// either alone, answering whatever question comes, or followed by @ and
// the digest of the one question it answers. The digest follows the last
// @, so that a JSON object holding @ in a string still works, bound or not;
// a whole value that is an answer already is never split, and no JSON
// object ends in a digest.
func parseReply(value string) (reply, error) {
	if a, ok := answerOf(value); ok {
		return reply{answer: a}, nil
	}
	if i := strings.LastIndexByte(value, '@'); i >= 0 {
		if a, ok := answerOf(value[:i]); ok {
			digest := value[i+1:]
			if !isDigest(digest) {
				return reply{}, fmt.Errorf("%q: after the last @ comes the digest of the question answered, "+
					"12 lowercase hex digits as in its JSON's \"digest\", got %q", shown(value), shown(digest))
			}
			return reply{answer: a, digest: digest}, nil
		}
	}
	return reply{}, fmt.Errorf("expected accept, decline, cancel or a JSON object, "+
		"alone or followed by @ and the question's digest, got %q", shown(value))
}

// answerOf reads s as an answer without a digest: an action, or a JSON
// object in UTF-8, white space around it trimmed.
func answerOf(s string) (agenttool.Answer, bool) {
	switch action := agenttool.Action(s); action {
	case agenttool.ActionAccept, agenttool.ActionDecline, agenttool.ActionCancel:
		return agenttool.Answer{Action: action}, true
	}
	text := trimJSONSpace(s)
	if !utf8.ValidString(text) || !strings.HasPrefix(text, "{") || !json.Valid([]byte(text)) {
		return agenttool.Answer{}, false
	}
	return agenttool.Answer{Action: agenttool.ActionAccept, Content: json.RawMessage(text)}, true
}

// shown cuts s to the bytes a message quotes.
func shown(s string) string {
	if len(s) > maxShown {
		return s[:maxShown] + "..."
	}
	return s
}
