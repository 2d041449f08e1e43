package agentskill

// Parse reads a SKILL.md file. Stub: replaced by the real reader.
func Parse(src []byte) (*Skill, error) {
	return nil, ErrNoFrontmatter
}
