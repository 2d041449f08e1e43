package agentskill

import "io/fs"

// Load reads the skill at the root of fsys. Stub.
func Load(fsys fs.FS, location string) (*Skill, error) {
	return nil, ErrNoSkillFile
}

// LoadDir reads the skill in the directory dir. Stub.
func LoadDir(dir string) (*Skill, error) {
	return nil, ErrNoSkillFile
}
