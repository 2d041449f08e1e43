package filetools

import "strconv"

// add counts the result of the file of j and prints the matches of it
// that fall in the ones to show.
func (s *searcher) add(j *job) error {
	r := &j.res
	if r.err != nil {
		return r.err
	}
	switch r.skip {
	case skipNotText:
		s.notText.add(shownName(j.name()))
	case skipUnreadable:
		s.unreadable.add(shownName(j.name()))
	case skipTooLarge:
		s.tooLarge.add(shownName(j.name()))
	}
	if r.skipped > 0 {
		if s.skipped == 0 {
			s.firstSkipped = shownName(j.name()) + ":" + strconv.Itoa(r.firstSkipped)
		}
		s.skipped += r.skipped
	}
	if r.count == 0 {
		return nil
	}
	s.files++
	shown := shownName(j.name())
	if s.count {
		if s.files >= s.first {
			s.show(shown + ":" + strconv.Itoa(r.count) + "\n")
		}
		s.total += r.count
		s.full = s.shown == s.limit || s.cut
		return nil
	}
	// r.matches holds the first of the file's matches, as many as can be
	// shown; the rest only count.
	for i, m := range r.matches {
		if s.total+i+1 >= s.first {
			was := s.shown
			s.show(shown + ":" + strconv.Itoa(m.line) + ":" + m.text + "\n")
			if m.long && s.shown > was {
				if s.long == 0 {
					s.firstLong, s.firstLongIn = m, shown
				}
				s.long++
			}
		}
	}
	s.total += r.count
	if s.shown == s.limit || s.cut {
		s.full = true
	}
	return nil
}

// show prints line, a match or a file's count, unless limit lines are
// shown already or it would take the output past searchBytes; once one is
// left out for want of bytes, so is every one after it.
func (s *searcher) show(line string) {
	if s.shown == s.limit || s.cut {
		return
	}
	if s.shown > 0 && s.out.Len()+len(line) > searchBytes {
		s.cut = true
		return
	}
	if s.out.Cap() == 0 {
		// Room for the most that is shown, which costs memory only as
		// it is written, spares growing the output and copying it.
		s.out.Grow(searchBytes)
	}
	s.out.WriteString(line)
	s.shown++
}

// keep is how many matches of one file are worth keeping the text of: as
// many as could be shown, until all those to show are known. A match of
// a file is at least as far down the list as it is in the file.
func (s *searcher) keep() int {
	if s.full || s.count {
		return 0
	}
	return s.first - 1 + s.limit
}
