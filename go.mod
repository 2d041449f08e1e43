module github.com/agenttool/toolbundle

go 1.25

require (
	github.com/agenttool/agentskill v0.0.0
	github.com/agenttool/agenttool v0.0.0
)
