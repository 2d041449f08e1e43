package agentskill

import "errors"

// Encode writes s as a SKILL.md file. Stub: replaced by the real writer.
func Encode(s *Skill) ([]byte, error) {
	return nil, errors.New("agentskill: encode: not implemented")
}
