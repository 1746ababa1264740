// A close the class's own protocol names (`DayFile::close()`, inferred:
// later uses throw) whose code also closes a member stream and nulls it
// (`fclose(fp_); fp_ = nullptr;`): a copy of the stream the caller took
// before (`FILE *cur = day.stream();`) names the closed stream, while the
// member itself holds nothing. A copy taken after a reopen is fresh.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <string>

class DayFile {
public:
  bool open(const std::string &path) {
    fp_ = std::fopen(path.c_str(), "ab");
    return fp_ != nullptr;
  }
  void append(const char *line) {
    if (!fp_)
      throw std::runtime_error("day file closed");
    std::fputs(line, fp_);
  }
  std::FILE *stream() const { return fp_; }
  int close() {
    if (!fp_)
      return 0;
    int rc = std::fclose(fp_);
    fp_ = nullptr;
    return rc;
  }

private:
  std::FILE *fp_ = nullptr;
};

long rotate(DayFile &day, bool failed) {
  std::FILE *cur = day.stream();
  if (failed)
    day.close();
  long bytes = std::ftell(cur);
  // CHECK: [[@LINE-1]]:16: warning: call to 'ftell' on 'cur' that may have been closed
  day.close();
  return bytes;
}

long reopened(DayFile &day, const std::string &next) {
  day.close();
  if (!day.open(next))
    return -1;
  std::FILE *cur = day.stream();
  return std::ftell(cur);
}
