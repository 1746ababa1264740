// A class a catalogue pattern names (`JobChannel` matches `*Channel`, whose
// profile lists its send()) is still read for what its own close() does
// on a closed object: one that throws when called again gives a double
// close; one that returns early is idempotent.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>

class JobChannel {
public:
  void send(int v) {
    if (closed_)
      throw std::runtime_error("channel is closed");
    last_ = v;
  }
  void close() {
    if (closed_)
      throw std::logic_error("channel is already closed");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  bool closed_ = false;
  int last_ = 0;
};

class QuietChannel {
public:
  void send(int v) {
    if (closed_)
      throw std::runtime_error("channel is closed");
    last_ = v;
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  bool closed_ = false;
  int last_ = 0;
};

void drain(JobChannel &c) {
  if (c.closed())
    return;
  c.close();
}

void stop(JobChannel &c) {
  drain(c);
  // CHECK: pattern-named-close-twice.cpp:[[@LINE+1]]:5: warning: 'close' closes 'c' that may already have been closed [errlint-double-close]
  c.close();
}

void twice(QuietChannel &c) {
  c.close();
  c.close();
}

// No query, no reopen: the refusal to close twice is all the class adds to
// the pattern, and it is enough.
class LoaderChannel {
public:
  void send(int v) {
    if (closed_)
      throw std::runtime_error("loader channel is closed");
    last_ = v;
  }
  void close() {
    if (closed_)
      throw std::logic_error("loader channel closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
  int last_ = 0;
};

void closeTwice(LoaderChannel &c) {
  c.close();
  // CHECK: pattern-named-close-twice.cpp:[[@LINE+1]]:5: warning: 'close' closes 'c' a second time [errlint-double-close]
  c.close();
}
