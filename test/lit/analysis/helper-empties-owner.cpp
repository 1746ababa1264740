// A helper that empties a unique_ptr it is given by reference on its
// failure path (`if (fflush(log.get()) != 0) log.reset();`) closes the
// stream only where the pointer is left holding nothing: a caller that
// asks `if (!log) break;` before the next call does not use a closed
// stream, and the pointer's destruction at the end does not close it
// again. A raw copy of the stream taken before the call is closed, though.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct NoteFileCloser {
  void operator()(std::FILE *f) const { std::fclose(f); }
};
using NoteLog = std::unique_ptr<std::FILE, NoteFileCloser>;

static void appendNote(NoteLog &log, const std::string &text) {
  std::fprintf(log.get(), "%s\n", text.c_str());
  if (std::fflush(log.get()) != 0)
    log.reset();
}

void appendAll(const std::vector<std::string> &notes) {
  NoteLog log(std::fopen("notes.txt", "a"));
  for (const std::string &n : notes) {
    if (!log)
      break;
    appendNote(log, n);
  }
}

void appendThenTrailer(const std::string &note) {
  NoteLog log(std::fopen("notes.txt", "a"));
  if (!log)
    return;
  std::FILE *raw = log.get();
  appendNote(log, note);
  // CHECK: helper-empties-owner.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'raw' that may have been closed [errlint-use-after-close]
  std::fputs("-- end --\n", raw);
}
