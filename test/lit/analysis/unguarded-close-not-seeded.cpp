// A log whose close() has no guard (`std::fclose(out_); closed_ = true;`)
// and whose fail() calls it after too many errors and says so by returning
// false: calling close() after a false fail() is its caller's second call,
// reported where the caller makes it; the body of close() is not reported
// for what fail() may have done through it. A destructor that closes the
// stream without asking the flag still is, and so is a close() left closed
// by a flush() that closes the stream itself. (A close that does not tell
// its callers leaves every other method to ask:
// earlier-call-leaves-descriptor.cpp.)
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <unistd.h>

class Log {
public:
  ~Log() {
    if (out_ != stderr)
      std::fclose(out_);
      // CHECK: unguarded-close-not-seeded.cpp:[[@LINE-1]]:7: warning: 'fclose' closes 'out_' that may already have been closed
      // CHECK: note: 'out_' may still be closed by an earlier call to 'fail', which closes it here and leaves it set
  }
  bool fail() {
    if (++errors_ > 3) {
      close();
      return false;
    }
    return true;
  }
  void close() {
    std::fclose(out_);
    closed_ = true;
  }
  void write(const char *text) {
    if (closed_)
      return;
    std::fputs(text, out_);
  }

private:
  FILE *out_ = stderr;
  bool closed_ = false;
  int errors_ = 0;
};

class Journal {
public:
  bool flush() {
    if (std::fflush(out_) != 0) {
      std::fclose(out_);
      closed_ = true;
      return false;
    }
    return true;
  }
  void close() {
    // CHECK: unguarded-close-not-seeded.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'out_' that may already have been closed
    std::fclose(out_);
    closed_ = true;
  }

private:
  FILE *out_ = stderr;
  bool closed_ = false;
};

// A probe whose failure path closes by calling disconnect() without saying
// so in its result (only its own flag records it): disconnect() after it is
// still its caller's second call, not a finding inside disconnect().
class RadioLink {
public:
  void probe() {
    if (::write(fd_, "HB\n", 3) != 3)
      disconnect();
  }
  void disconnect() {
    alive_ = false;
    ::close(fd_);
  }
  bool alive() const { return alive_; }

private:
  int fd_ = -1;
  bool alive_ = true;
};
