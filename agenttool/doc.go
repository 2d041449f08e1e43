// Package agenttool defines what a tool is for a model-driven program.
package agenttool
