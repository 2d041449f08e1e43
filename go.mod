module github.com/agenttool/toolbundle

go 1.25

require (
	github.com/agenttool/agentskill v0.1.0
	github.com/agenttool/agenttool v0.1.0
)
