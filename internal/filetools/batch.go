package filetools

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
)

// The files of a search go from the walk to the reading in batches: the
// walk fills one and hands it over, and the reading reads and matches the
// files of each batch on a few goroutines at once, then takes their
// results in order.

// batchSize is how many files make a batch: enough to spread over the
// goroutines and to hand few batches over, since each costs the reading's
// goroutines a sleep and a wake-up (256 searches the bench tree of 2,000
// files about 3 % faster than 128, and 512 no faster than 256); few enough
// to bound the directories held open for them, at most three batches'
// worth of two descriptors each.
const batchSize = 256

// walkAll runs walk on a goroutine of its own, then hands over the batch
// it left, and closes s.batches; walk's error comes on the channel it
// returns, and a panic of walk as a *walkPanic. A batch left when walk
// fails or panics is let go.
func (s *searcher) walkAll(walk func() error) <-chan error {
	walked := make(chan error, 1)
	go func() {
		defer close(s.batches)
		// A panic of the walk is the call's, as if the walk had run on the
		// caller's goroutine, where a runner recovers it.
		defer func() {
			if v := recover(); v != nil {
				walked <- &walkPanic{value: v, stack: debug.Stack()}
			}
		}()
		walked <- func() error {
			defer func() {
				for _, j := range s.batch {
					j.dir.release()
				}
			}()
			if err := walk(); err != nil {
				return err
			}
			s.drain()
			return nil
		}()
	}()
	return walked
}

// job is one file of a batch.
type job struct {
	dir    *dirRef
	rel    string // its name in dir
	parent string // the slash path of dir in the tree, "" when rel is the file's own
	res    fileResult
}

// name returns the slash path of the file in the tree. It is built only
// for a file the output or the notes name, since most files of a search
// match nothing.
func (j *job) name() string {
	if j.parent == "" {
		return filepath.ToSlash(j.rel)
	}
	return j.parent + "/" + j.rel
}

// queue adds the file rel in dir, whose slash path is parent/rel (rel
// alone when parent is ""), to the batch, and hands the batch over once
// it is full.
func (s *searcher) queue(dir *dirRef, rel, parent string) {
	j := job{dir: dir, rel: rel, parent: parent}
	if len(s.globs) > 0 {
		s.parts = splitPath(s.parts, j.name())
		if !s.globs.take(s.parts) {
			return
		}
		s.globbed++
	}
	if s.seen != nil {
		key := s.key(j.name())
		if s.seen[key] {
			return
		}
		s.seen[key] = true
	}
	dir.refs.Add(1)
	if s.batch == nil {
		select {
		case s.batch = <-s.free:
		default:
			s.batch = make([]job, 0, batchSize)
		}
	}
	s.batch = append(s.batch, j)
	if len(s.batch) == batchSize {
		s.handOff()
	}
}

// setKeys sets the path given whose files the walk queues next: rel as
// given and real, the same with its symbolic links resolved (see key).
func (s *searcher) setKeys(rel, real string) {
	s.shownTop, s.keyTop = filepath.ToSlash(rel), filepath.ToSlash(real)
}

// key returns the key in seen of the file whose slash path is name, under
// the path given being walked: name with that path's resolved form in
// place of the form given. A path given that leads to the tree's root, ".",
// puts no prefix before the names under it.
func (s *searcher) key(name string) string {
	if s.shownTop == s.keyTop {
		return name
	}
	// realRel keeps "." as it is, so only a path given below the root
	// can have a resolved form of its own.
	if name == s.shownTop {
		return s.keyTop
	}
	rest := strings.TrimPrefix(name, s.shownTop+"/")
	if s.keyTop == "." {
		return rest
	}
	return s.keyTop + "/" + rest
}

// stopWalk stops the walk and lets go of the batches it hands over until
// it has ended. Once it has, stopWalk returns at once.
func (s *searcher) stopWalk() {
	s.halt.Store(true)
	for jobs := range s.batches {
		for _, j := range jobs {
			j.dir.release()
		}
	}
}

// walkPanic is a panic of the walk's goroutine, passed to the caller's.
type walkPanic struct {
	value any
	stack []byte
}

// Error gives the value of the panic and where the walk was when it came.
func (p *walkPanic) Error() string {
	return fmt.Sprintf("%v\n\nthe walk of the search, when it panicked:\n%s", p.value, p.stack)
}

// errHalted is what the walk returns once the reading has stopped.
var errHalted = errors.New("the reading of the files has stopped")

// walkDone returns why the walk should stop: the call's context is done, or
// the reading has stopped; nil to go on.
func (s *searcher) walkDone() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if s.halt.Load() {
		return errHalted
	}
	return nil
}

// handOff passes the batch, full or the last, to the reading; it waits
// while the reading is a batch behind.
func (s *searcher) handOff() {
	s.batches <- s.batch
	s.batch = nil
}

// drain hands over what is left in the batch.
func (s *searcher) drain() {
	if len(s.batch) > 0 {
		s.handOff()
	}
}

// read reads the batches the walk hands over, in order, until it has
// handed over the last, and stops at the first error, which it returns;
// the caller then stops the walk and lets go of the batches still coming.
func (s *searcher) read() error {
	for jobs := range s.batches {
		err := s.run(jobs)
		clear(jobs)
		select {
		case s.free <- jobs[:0]:
		default:
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// run searches the files of a batch and adds their results in order.
// Every file is released, whatever happens.
func (s *searcher) run(jobs []job) error {
	var next atomic.Int64
	work := func(buf *[]byte) {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(jobs) {
				return
			}
			j := &jobs[i]
			if err := s.ctx.Err(); err != nil {
				j.res.err = err
			} else {
				*buf = s.file(j.dir, j.rel, *buf, s.keep(), &j.res)
			}
			j.dir.release()
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < min(len(s.bufs), len(jobs)); w++ {
		wg.Go(func() { work(&s.bufs[w]) })
	}
	work(&s.bufs[0])
	wg.Wait()
	for i := range jobs {
		if err := s.add(&jobs[i]); err != nil {
			return err
		}
	}
	return nil
}
