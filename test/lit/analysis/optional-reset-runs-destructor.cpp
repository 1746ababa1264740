// std::optional's reset() ends the value's life: its destructor runs, and
// what it closes stays closed for a copy of the handle taken before
// (`FILE *raw = log_->get(); log_.reset(); fprintf(raw, ...)`). emplace()
// ends the old value the same way before the new one is built: the new
// value is open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <optional>

class ShiftLog {
public:
  explicit ShiftLog(std::FILE *fp) : fp_(fp) {}
  ShiftLog(ShiftLog &&o) noexcept : fp_(o.fp_) { o.fp_ = nullptr; }
  ~ShiftLog() {
    if (fp_)
      std::fclose(fp_);
  }
  std::FILE *get() const { return fp_; }

private:
  std::FILE *fp_ = nullptr;
};

struct Console {
  std::optional<ShiftLog> log_;

  void finishShift() {
    std::FILE *raw = log_ ? log_->get() : nullptr;
    log_.reset();
    if (raw)
      std::fprintf(raw, "-- shift closed --\n");
    // CHECK: optional-reset-runs-destructor.cpp:[[@LINE-1]]:7: warning: call to 'fprintf' on 'raw' that may have been closed
  }

  void rotate(const char *path) {
    log_.reset();
    log_.emplace(std::fopen(path, "a"));
    if (log_->get())
      std::fputs("-- rotated --\n", log_->get());
  }
};
