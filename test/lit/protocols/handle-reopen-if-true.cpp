// A reopen that sets a handle member and then returns false where the
// handle it got is none (`fp_ = fopen(...); if (!fp_) return false; ...
// return true;`) opens only on the paths that return true, like one that
// sets a flag after its failures. A rotation that closes and returns what
// that reopen returned leaves the object open where the caller tested its
// result, and closed where the caller ignored it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <cstdio>
#include <string>

class DayLog {
public:
  ~DayLog() { close(); }
  bool open(const std::string &day) {
    if (fp_)
      return true;
    fp_ = std::fopen(("log-" + day).c_str(), "a");
    if (!fp_)
      return false;
    std::fprintf(fp_, "== open %s\n", day.c_str());
    return true;
  }
  bool record(const std::string &line) {
    if (!fp_)
      return false;
    return std::fputs(line.c_str(), fp_) >= 0;
  }
  bool rotate(const std::string &next) {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
    return open(next);
  }
  void close() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  FILE *fp_ = nullptr;
};

// LIST-DAG: reopen  open(){{.*}}on the paths that return true
// LIST-DAG: reopen  rotate(){{.*}}then returns what 'open()' returns

// Negative: the rotation's failure returns before the next record.
int carryOver(DayLog &log, const std::string &next) {
  if (!log.rotate(next)) {
    log.close();
    return -1;
  }
  log.record("carry-over");
  return 0;
}

// Positive: the result is ignored; where the reopen failed it is closed.
void rotateBlindly(DayLog &log, const std::string &next) {
  log.rotate(next);
  // CHECK: :[[@LINE+1]]:7: warning: call to 'record' on 'log' that may have been closed
  log.record("first line");
}
