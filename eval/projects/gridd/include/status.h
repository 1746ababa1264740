// Small result types returned by the store and the link layer. Callers test
// the fields; `fatal` means the component shut the underlying resource.
#pragma once
#include <string>
#include <utility>

struct Status {
  bool fatal = false;
  int err = 0;
  std::string detail;

  bool ok() const { return !fatal && err == 0; }

  static Status failure(int err, std::string detail, bool fatal = false) {
    Status s;
    s.fatal = fatal;
    s.err = err;
    s.detail = std::move(detail);
    return s;
  }
};

struct DropResult {
  bool dropped;
  int err;
};
