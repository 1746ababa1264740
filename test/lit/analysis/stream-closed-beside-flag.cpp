// A stream member closed by one method beside a flag of the class's own
// (`fclose(out_); closed_ = true;`) and left set stays closed for the
// class's other methods: a destructor that closes it again unless it is
// stderr closes it a second time; one that asks the flag first, and a
// writer that does, do not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <mutex>

class Diag {
public:
  ~Diag() {
    if (out_ != stderr)
      std::fclose(out_);
      // CHECK: stream-closed-beside-flag.cpp:[[@LINE-1]]:7: warning: 'fclose' closes 'out_' that may already have been closed
      // CHECK: note: 'out_' may still be closed by an earlier call to 'close', which closes it here and leaves it set
  }
  void open(const char *path) {
    FILE *f = std::fopen(path, "a");
    if (!f)
      return;
    std::lock_guard<std::mutex> lock(mutex_);
    out_ = f;
    closed_ = false;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_ || out_ == stderr)
      return;
    closed_ = true;
    std::fclose(out_);
  }
  void write(const char *text) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    std::fputs(text, out_);
  }

private:
  std::mutex mutex_;
  FILE *out_ = stderr;
  bool closed_ = false;
};

class CarefulDiag {
public:
  ~CarefulDiag() {
    if (!closed_ && out_ != stderr)
      std::fclose(out_);
  }
  void close() {
    if (closed_ || out_ == stderr)
      return;
    closed_ = true;
    std::fclose(out_);
  }

private:
  FILE *out_ = stderr;
  bool closed_ = false;
};
