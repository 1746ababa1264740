// A method that says through its result that it left a member closed
// (`bool rotate()` returning false after the rename failed, the stream
// closed) leaves the class's other methods a closed member only where a
// caller goes on without acting on it. Where every call in view reopens
// on failure (through a member or a parameter), close() and the
// destructor do not meet a closed stream; where one call ignores the
// result, they may, and the second close is reported where the class
// makes it. A reopen through the class's own protocol rebinds the members
// its code rebinds: the caller's summary says the old stream was closed,
// not the member.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <string>

class HandledRollLog {
public:
  ~HandledRollLog() { close(); }
  bool open() {
    fp_ = std::fopen("roll.log", "a");
    return fp_ != nullptr;
  }
  bool reopen() {
    fp_ = std::fopen("roll.log", "a");
    return fp_ != nullptr;
  }
  void write(const char *s) {
    if (fp_)
      std::fputs(s, fp_);
  }
  bool rotate(const std::string &to) {
    if (!fp_)
      return false;
    std::fclose(fp_);
    if (std::rename("roll.log", to.c_str()) != 0)
      return false;
    fp_ = std::fopen("roll.log", "a");
    return fp_ != nullptr;
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::FILE *fp_ = nullptr;
};

class HourlyRoller {
public:
  void onHour(const std::string &to) {
    const bool rotated = log_.rotate(to);
    if (!rotated)
      log_.reopen();
    log_.write("hour");
  }

private:
  HandledRollLog log_;
};

void rollThrough(HandledRollLog &l, const std::string &to) {
  if (!l.rotate(to))
    l.reopen();
}

// The same class shape, with one caller that ignores the failure.
class IgnoredRollLog {
public:
  ~IgnoredRollLog() { close(); }
  bool reopen() {
    fp_ = std::fopen("ign.log", "a");
    return fp_ != nullptr;
  }
  bool rotate(const std::string &to) {
    if (!fp_)
      return false;
    std::fclose(fp_);
    if (std::rename("ign.log", to.c_str()) != 0)
      return false;
    fp_ = std::fopen("ign.log", "a");
    return fp_ != nullptr;
  }
  void close() {
    if (fp_) {
      // CHECK: earlier-call-failure-handled.cpp:[[@LINE+2]]:7: warning: 'fclose' closes 'fp_' that may already have been closed [errlint-double-close]
      // CHECK: note: 'fp_' may still be closed by an earlier call to 'rotate', which closes it here and leaves it set
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::FILE *fp_ = nullptr;
};

class CarelessRoller {
public:
  void onHour(const std::string &to) {
    if (!log_.rotate(to))
      std::puts("rotation failed");
  }
  void recover() { log_.reopen(); }

private:
  IgnoredRollLog log_;
};
