// Package toolbundle builds one command-line program out of a set of
// agenttool tools and writes the Agent Skill that teaches a model to call it.
package toolbundle
