// A destructor that uses an object (a logger's destructor writing its
// summary to the sink it was bound to) fails where that object was closed
// before it runs: a member destroyed after the owner's destructor body
// closed the sink, or a local destroyed at the end of a scope in which its
// sink was closed. The finding is the use inside the destructor, with the
// destruction as a note. A destructor that tests the sink first, a member
// declared before the sink (destroyed after it, but the sink is never
// closed in the body), and an owner whose body does not close stay quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <string>

class Sink {
public:
  explicit Sink(const char *path) : f_(std::fopen(path, "a")) {}
  ~Sink() { close(); }
  void write(const std::string &line) {
    if (!f_)
      throw std::runtime_error("sink closed");
    std::fputs(line.c_str(), f_);
  }
  bool isOpen() const { return f_ != nullptr; }
  void close() {
    if (f_) {
      std::fclose(f_);
      f_ = nullptr;
    }
  }

private:
  FILE *f_;
};

class Logger {
public:
  explicit Logger(Sink &sink) : sink_(sink) {}
  ~Logger() {
    // CHECK: destructor-uses-closed-object.cpp:[[@LINE+1]]:11: warning: call to 'write' on 'sink_' after it was closed [errlint-use-after-close]
    sink_.write("summary " + std::to_string(count_));
  }
  void line(const std::string &s) {
    sink_.write(s);
    ++count_;
  }

private:
  Sink &sink_;
  int count_ = 0;
};

class CarefulLogger {
public:
  explicit CarefulLogger(Sink &sink) : sink_(sink) {}
  ~CarefulLogger() {
    if (sink_.isOpen())
      sink_.write("done");
  }

private:
  Sink &sink_;
};

// Positive: the body closes the sink, then logger_ is destroyed.
class Session {
public:
  explicit Session(const char *path) : sink_(path), logger_(sink_) {}
  ~Session() { sink_.close(); }
  // CHECK: :[[@LINE-1]]:22: note: 'sink_' is closed here
  // CHECK: :[[@LINE-2]]:31: note: the destructor runs here, where member 'logger_' is destroyed

private:
  Sink sink_;
  Logger logger_;
};

// Negative: the destructor tests the sink before writing.
class CarefulSession {
public:
  explicit CarefulSession(const char *path) : sink_(path), logger_(sink_) {}
  ~CarefulSession() { sink_.close(); }

private:
  Sink sink_;
  CarefulLogger logger_;
};

// Negative: the body does not close; the sink outlives the logger.
class QuietSession {
public:
  explicit QuietSession(const char *path) : sink_(path), logger_(sink_) {}
  ~QuietSession() { logger_.line("bye"); }

private:
  Sink sink_;
  Logger logger_;
};

class Stamp {
public:
  explicit Stamp(Sink &sink) : sink_(sink) {}
  ~Stamp() {
    // CHECK: destructor-uses-closed-object.cpp:[[@LINE+1]]:11: warning: call to 'write' on 'sink_' after it was closed [errlint-use-after-close]
    sink_.write("stamp");
  }

private:
  Sink &sink_;
};

// Positive: a local stamp outlives the close of its sink; negative: one
// whose scope ends first.
void shift(Sink &sink) {
  {
    Stamp early(sink);
  }
  Stamp late(sink);
  sink.close();
  // CHECK: :[[@LINE-1]]:8: note: 'sink_' is closed here
}
// CHECK: :[[@LINE-1]]:1: note: the destructor runs here, where 'late' is destroyed
