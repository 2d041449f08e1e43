module github.com/agenttool/agentskill

go 1.25
