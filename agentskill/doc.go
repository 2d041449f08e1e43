// Package agentskill reads, checks and writes the SKILL.md format of Agent Skills.
package agentskill
