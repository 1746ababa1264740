// A class without a destructor of its own destroys its members last
// declared first. A member bound in the constructor to a member declared
// after it (`batch_(log_)`, `buffer_.bind(file_.get())` in the body) uses
// it in its own destructor after that one's destructor closed it: the
// class's object can be destroyed as soon as it is built, so each
// constructor's exit is followed by that destruction (each return: the
// binding made past an early return, and a member closed by letting go of
// its stream first, `std::exchange(f_, nullptr)`). Declared in the other
// order, or with a destructor of the class's own that flushes first,
// nothing is reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <string>
#include <utility>

class Log {
public:
  explicit Log(const char *path) : fp_(std::fopen(path, "a")) {}
  ~Log() {
    if (fp_)
      std::fclose(fp_);
  }
  void write(const std::string &line) {
    if (fp_)
      std::fputs(line.c_str(), fp_);
      // CHECK: implicit-destructor-member-order.cpp:[[@LINE-1]]:7: warning: call to 'fputs' on 'log_.fp_' that may have been closed
      // CHECK: note: 'log_.fp_' is closed when member 'log_' is destroyed by the implicit destructor of 'Session' here
      // CHECK: note: the destructor runs here, where member 'batch_' is destroyed by the implicit destructor of 'Session'
  }

private:
  FILE *fp_;
};

class Batch {
public:
  explicit Batch(Log &log) : log_(log) {}
  ~Batch() { log_.write("end of batch\n"); }

private:
  Log &log_;
};

class Session {
public:
  explicit Session(const char *path) : batch_(log_), log_(path) {}

private:
  Batch batch_;
  Log log_;
};

class OrderedSession {
public:
  explicit OrderedSession(const char *path) : log_(path), batch_(log_) {}

private:
  Log log_;
  Batch batch_;
};

class LineBuffer {
public:
  void bind(FILE *out) { out_ = out; }
  ~LineBuffer() {
    if (out_)
      std::fputs("pending\n", out_);
      // CHECK: implicit-destructor-member-order.cpp:[[@LINE-1]]:7: warning: call to 'fputs' on 'out_' that may have been closed
      // CHECK: note: 'out_' is closed when member 'file_' is destroyed by the implicit destructor of 'Trail' here
      // CHECK: note: the destructor runs here, where member 'buffer_' is destroyed by the implicit destructor of 'Trail'
  }

private:
  FILE *out_ = nullptr;
};

class FileBox {
public:
  explicit FileBox(const char *path) : f_(std::fopen(path, "a")) {}
  ~FileBox() {
    if (f_)
      std::fclose(f_);
  }
  FILE *get() const { return f_; }
  bool isOpen() const { return f_ != nullptr; }

private:
  FILE *f_;
};

class Trail {
public:
  explicit Trail(const char *path);

private:
  LineBuffer buffer_;
  FileBox file_;
};

Trail::Trail(const char *path) : file_(path) {
  if (!file_.isOpen())
    throw 1;
  buffer_.bind(file_.get());
}

class FlushedTrail {
public:
  explicit FlushedTrail(const char *path);
  ~FlushedTrail() { buffer_.bind(nullptr); }

private:
  LineBuffer buffer_;
  FileBox file_;
};

FlushedTrail::FlushedTrail(const char *path) : file_(path) {
  buffer_.bind(file_.get());
}

class ExchangingFile {
public:
  explicit ExchangingFile(const char *path) : f_(std::fopen(path, "a")) {}
  ~ExchangingFile() { close(); }
  int close() {
    if (f_ == nullptr)
      return 0;
    FILE *f = std::exchange(f_, nullptr);
    return std::fclose(f);
  }
  FILE *get() const { return f_; }
  explicit operator bool() const { return f_ != nullptr; }

private:
  FILE *f_;
};

class RowWriter {
public:
  void attach(FILE *out) { out_ = out; }
  ~RowWriter() {
    if (out_ != nullptr)
      std::fputs("tail\n", out_);
      // CHECK: implicit-destructor-member-order.cpp:[[@LINE-1]]:7: warning: call to 'fputs' on 'out_' that may have been closed
      // CHECK: note: 'out_' is closed when member 'file_' is destroyed by the implicit destructor of 'Recorder' here
  }

private:
  FILE *out_ = nullptr;
};

class Recorder {
public:
  explicit Recorder(const char *path);

private:
  RowWriter rows_;
  ExchangingFile file_;
};

Recorder::Recorder(const char *path) : file_(path) {
  if (!file_)
    return;
  rows_.attach(file_.get());
}
