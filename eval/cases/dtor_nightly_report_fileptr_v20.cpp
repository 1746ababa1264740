// Nightly billing report: two small FILE* wrappers whose destructors close the
// stream if it is still open, plus a unique_ptr<FILE, FileCloser> whose
// deleter fcloses. DetailFile::close() clears its pointer after fclose(), so
// the destructor skips it. Defects: SummaryFile::finish() calls fclose() but
// leaves fp_ set, so when a finished SummaryFile goes out of scope its
// destructor closes the same FILE* again; writeControlTotals() fcloses
// ctl.get() and the unique_ptr's deleter fcloses it again at scope exit.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Invoice {
  std::string customer;
  long cents;
};

class DetailFile {
public:
  explicit DetailFile(const std::string &path);
  ~DetailFile();
  bool good() const { return fp_ != nullptr; }
  void row(const Invoice &inv);
  int close();
  FILE *detach() { return std::exchange(fp_, nullptr); }

private:
  FILE *fp_ = nullptr;
};

DetailFile::DetailFile(const std::string &path)
    : fp_(std::fopen(path.c_str(), "w")) {}

DetailFile::~DetailFile() {
  if (fp_)
    std::fclose(fp_); // OK: close() and detach() null fp_, so this runs only for a stream still open
}

void DetailFile::row(const Invoice &inv) {
  std::fprintf(fp_, "%s,%ld.%02ld\n", inv.customer.c_str(), inv.cents / 100,
               inv.cents % 100);
}

int DetailFile::close() {
  if (!fp_)
    return 0;
  int rc = std::fclose(fp_);
  fp_ = nullptr;
  return rc;
}

class SummaryFile {
public:
  explicit SummaryFile(const char *path) : fp_(std::fopen(path, "w")) {}
  ~SummaryFile();
  bool open() const { return fp_ != nullptr; }
  void total(const char *label, long cents);
  bool finish();

private:
  FILE *fp_;
};

SummaryFile::~SummaryFile() {
  if (fp_)
    std::fclose(fp_); // SAME: summarydbl
}

void SummaryFile::total(const char *label, long cents) {
  std::fprintf(fp_, "%s,%ld.%02ld\n", label, cents / 100, cents % 100);
}

bool SummaryFile::finish() {
  std::fflush(fp_);
  return std::fclose(fp_) == 0;
}

long writeDetail(const std::vector<Invoice> &invoices, const std::string &path) {
  DetailFile detail(path);
  if (!detail.good())
    return -1;
  long sum = 0;
  for (const Invoice &inv : invoices) {
    detail.row(inv);
    sum += inv.cents;
  }
  if (detail.close() != 0)
    return -1;
  return sum;
} // OK: close() cleared the pointer, the destructor closes nothing

bool appendArchive(const std::vector<Invoice> &invoices, const std::string &path) {
  DetailFile archive(path);
  if (!archive.good())
    return false;
  for (const Invoice &inv : invoices)
    archive.row(inv);
  FILE *raw = archive.detach();
  std::fputs("# archived\n", raw);
  return std::fclose(raw) == 0; // OK: detach() handed the stream over, the wrapper no longer owns it
}

struct FileCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp); // SAME: ctldbl
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

bool writeControlTotals(long sum, size_t rows, const std::string &path) {
  FilePtr ctl(std::fopen(path.c_str(), "w"));
  if (!ctl)
    return false;
  std::fprintf(ctl.get(), "rows=%zu\nsum=%ld\n", rows, sum);
  const bool closed = std::fclose(ctl.get()) == 0;
  std::printf("control totals %s: %s\n", closed ? "written" : "failed", path.c_str());
  return closed;
} // BUG: double-close #ctldbl

bool appendRunLog(const char *path, size_t rows) {
  FilePtr log(std::fopen(path, "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "billing run: %zu invoices\n", rows);
  return std::fclose(log.release()) == 0; // OK: release() hands the stream over, the deleter will not run on it
}

bool writeSummary(long sum, const char *path) {
  SummaryFile summary(path);
  if (!summary.open())
    return false;
  summary.total("invoices", sum);
  summary.total("tax", sum / 5);
  if (!summary.finish()) {
    std::fprintf(stderr, "summary: close failed\n");
    return false;
  }
  return true;
} // BUG: double-close #summarydbl

int main() {
  std::vector<Invoice> invoices{{"acme", 129900}, {"globex", 4550}, {"initech", 99}};
  long sum = writeDetail(invoices, "/tmp/billing-detail.csv");
  if (sum < 0)
    return 1;
  appendArchive(invoices, "/tmp/billing-archive.csv");
  writeControlTotals(sum, invoices.size(), "/tmp/billing-control.txt");
  appendRunLog("/tmp/billing-runs.log", invoices.size());
  return writeSummary(sum, "/tmp/billing-summary.csv") ? 0 : 1;
}
