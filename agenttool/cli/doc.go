// Package cli runs one call of one tool as one command line.
package cli
