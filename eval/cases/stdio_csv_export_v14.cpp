// Exports daily order totals to CSV. The exporter writes into "<dest>.tmp",
// closes it (checking fclose's result, since buffered write errors surface
// there), renames it into place and appends the file name to a manifest.
// Negative case, correct: every FILE* is closed exactly once. After each
// fclose the member pointer is reset to nullptr before anything else can look
// at it, the loop returns right after abandoning the file, and the writes that
// follow a close go to a different stream (the manifest, stderr).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

struct OrderTotal {
  std::string day;
  long orders;
  double revenue;
};

class CsvExporter {
public:
  explicit CsvExporter(std::string dest)
      : dest_(std::move(dest)), tmp_(dest_ + ".tmp") {}
  ~CsvExporter() { abandon(); }
  CsvExporter(const CsvExporter &) = delete;
  CsvExporter &operator=(const CsvExporter &) = delete;

  bool open() {
    out_ = std::fopen(tmp_.c_str(), "w");
    if (!out_) {
      error_ = std::strerror(errno);
      return false;
    }
    std::fprintf(out_, "day,orders,revenue\n");
    return true;
  }

  bool writeRows(const std::vector<OrderTotal> &rows) {
    for (const OrderTotal &r : rows) {
      int n = std::fprintf(out_, "%s,%ld,%.2f\n", r.day.c_str(), r.orders, r.revenue); // OK: abandon() below is followed by return, the loop never writes to a closed stream
      if (n < 0) {
        error_ = "short write";
        abandon();
        return false;
      }
    }
    return true;
  }

  bool commit() {
    FILE *f = out_;
    out_ = nullptr;
    if (std::fclose(f) != 0) {
      error_ = std::strerror(errno);
      std::remove(tmp_.c_str());
      return false;
    }
    if (std::rename(tmp_.c_str(), dest_.c_str()) != 0) {
      error_ = std::strerror(errno);
      return false;
    }
    return appendManifest();
  }

  const std::string &error() const { return error_; }

private:
  void abandon() {
    if (out_) {
      std::fclose(out_); // OK: out_ is reset right after, so a later abandon() or the destructor skips it
      out_ = nullptr;
      std::remove(tmp_.c_str());
    }
  }

  bool appendManifest() {
    FILE *m = std::fopen("manifest.txt", "a");
    if (!m)
      return false;
    std::fprintf(m, "%s\n", dest_.c_str()); // OK: commit() closed the export file, this is the manifest stream
    return std::fclose(m) == 0;
  }

  std::string dest_;
  std::string tmp_;
  FILE *out_ = nullptr;
  std::string error_;
};

int main() {
  const std::vector<OrderTotal> rows = {
      {"2024-05-01", 1204, 48211.50},
      {"2024-05-02", 1311, 51022.75},
      {"2024-05-03", 998, 39870.10},
  };
  CsvExporter exporter("totals-2024-05.csv");
  if (!exporter.open()) {
    std::fprintf(stderr, "cannot open export: %s\n", exporter.error().c_str());
    return 1;
  }
  if (!exporter.writeRows(rows)) {
    std::fprintf(stderr, "export failed: %s\n", exporter.error().c_str()); // OK: stderr, not the abandoned export file
    return 1;
  }
  if (!exporter.commit()) {
    std::fprintf(stderr, "commit failed: %s\n", exporter.error().c_str());
    return 1;
  }
  return 0;
} // OK: the destructor's abandon() sees out_ == nullptr after commit() or writeRows() closed the file
