// What a close does when it throws, read from its code: rotate() closes
// the old file and opens the next before it returns, so it leaves the log
// open when it returns and closed only when opening the next file threw;
// finish() throws after closing, so its handler sees the log closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <cstdio>
#include <stdexcept>
#include <string>

class RotatingLog {
public:
  void append(const std::string &Line) {
    if (!fp_)
      throw std::logic_error("append on closed log");
    std::fputs(Line.c_str(), fp_);
  }
  void rotate(const std::string &Next) {
    if (!fp_)
      throw std::logic_error("rotate on closed log");
    std::fclose(fp_);
    fp_ = nullptr;
    std::FILE *F = std::fopen(Next.c_str(), "a");
    if (!F)
      throw std::runtime_error("cannot open " + Next);
    fp_ = F;
  }
  void finish() {
    if (!fp_)
      throw std::logic_error("log closed twice");
    std::FILE *F = fp_;
    fp_ = nullptr;
    if (std::fclose(F) != 0)
      throw std::runtime_error("close failed");
  }

private:
  std::FILE *fp_ = nullptr;
};

// LIST: close   rotate(){{.*}}and sets it again before it returns (closed only when it throws)

bool rotateAndNote(RotatingLog &L, const std::string &Next) {
  try {
    L.rotate(Next);
  } catch (const std::runtime_error &E) {
    // CHECK: throwing-closes.cpp:[[@LINE+1]]:7: warning: call to 'append' on 'L' after it was closed
    L.append(E.what());
    return false;
  }
  L.append("rotated");
  return true;
}

void finishAndNote(RotatingLog &L) {
  try {
    L.finish();
  } catch (const std::runtime_error &) {
    // CHECK: throwing-closes.cpp:[[@LINE+1]]:7: warning: call to 'append' on 'L' after it was closed
    L.append("close failed");
  }
}

void finishOnce(RotatingLog &L) {
  try {
    L.append("bye");
  } catch (const std::exception &) {
    L.finish();
    throw;
  }
  L.finish();
}

// finish() throws twice as "log closed twice": a handler of what it throws
// after closing that finishes again closes a second time.
void finishAgainOnFailure(RotatingLog &L) {
  try {
    L.finish();
  } catch (const std::runtime_error &) {
    // CHECK: throwing-closes.cpp:[[@LINE+1]]:7: warning: 'finish' closes 'L' a second time [errlint-double-close]
    L.finish();
  }
}
