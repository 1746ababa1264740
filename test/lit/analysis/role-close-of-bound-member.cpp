// A class whose own protocol names finish() as its close (it throws when
// called twice) also closes the stream its constructor bound to the
// caller's FILE*: after `csv.finish()` the caller's fp is closed, so a
// second fclose of it, or a write to it, is after the close. A stream the
// exporter was not given stays open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>

class LiceCsv {
public:
  explicit LiceCsv(std::FILE *out) : out_(out) {}
  ~LiceCsv() {
    if (out_ != nullptr)
      std::fclose(out_);
  }
  void row(int v) {
    if (out_ == nullptr)
      throw std::runtime_error("csv export finished");
    std::fprintf(out_, "%d\n", v);
  }
  int finish() {
    if (out_ == nullptr)
      throw std::logic_error("csv export already finished");
    const int rc = std::fclose(out_);
    out_ = nullptr;
    return rc;
  }

private:
  std::FILE *out_;
};

int exportCounts(const char *path, std::FILE *log) {
  std::FILE *fp = std::fopen(path, "w");
  if (fp == nullptr)
    return -1;
  LiceCsv csv(fp);
  csv.row(1);
  int st = csv.finish();
  std::fputs("exported\n", log);
  // CHECK: :[[@LINE+1]]:7: warning: 'fclose' closes 'fp' a second time
  if (std::fclose(fp) != 0)
    return -2;
  return st;
}

void trailer(std::FILE *fp) {
  LiceCsv csv(fp);
  csv.finish();
  // CHECK: :[[@LINE+1]]:3: warning: call to 'fputs' on 'fp' after it was closed
  std::fputs("# end\n", fp);
}
