// Command floor reads the file named by its last argument and prints it.
//
// It is the floor of scripts/bench.sh: what any Go program that answers one
// call by reading a file must pay at least, process start included. With
// -signals it first catches SIGINT and SIGTERM with signal.NotifyContext,
// as a bundle's Main does before the call, so that the benchmark shows what
// that costs.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	args := os.Args[1:]
	if len(args) == 2 && args[0] == "-signals" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		defer context.AfterFunc(ctx, stop)()
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: floor [-signals] <file>")
		os.Exit(2)
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(data)
}
