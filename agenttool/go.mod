module github.com/agenttool/agenttool

go 1.25
