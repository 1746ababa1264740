// Monthly invoice export of a billing service. FilePtr is a unique_ptr whose
// deleter calls fclose(). Code that needs fclose()'s return value (to detect
// a failed write-back on the NFS export share) must release() the pointer
// before calling fclose() itself; otherwise the deleter closes the FILE*
// again when the FilePtr is destroyed.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct FileCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp); // SAME: exportfp
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct Invoice {
  std::string customer;
  long cents;
};

class InvoiceExporter {
public:
  explicit InvoiceExporter(std::string dir) : dir_(std::move(dir)) {}
  void exportMonth(const std::string &month, const std::vector<Invoice> &rows);
  void exportSummary(const std::string &month, const std::vector<Invoice> &rows);
  void exportLedger(const std::vector<Invoice> &rows, size_t maxBytes);
  void exportCreditNotes(const std::vector<Invoice> &notes, const std::string &overflowDir);
  const std::vector<std::string> &failed() const { return failed_; }

private:
  static void writeHeader(FILE *fp) { std::fputs("customer,amount\n", fp); }
  static void writeRow(FILE *fp, const Invoice &inv) {
    std::fprintf(fp, "%s,%ld.%02ld\n", inv.customer.c_str(), inv.cents / 100, // SAME: stalefp
                 inv.cents % 100);
  }
  std::string dir_;
  std::vector<std::string> failed_;
};

void InvoiceExporter::exportMonth(const std::string &month,
                                  const std::vector<Invoice> &rows) {
  const std::string path = dir_ + "/invoices-" + month + ".csv";
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out) {
    failed_.push_back(path);
    return;
  }
  writeHeader(out.get());
  for (const Invoice &inv : rows)
    writeRow(out.get(), inv);
  if (std::fclose(out.get()) != 0) {
    std::fprintf(stderr, "export %s: final write failed\n", path.c_str());
    failed_.push_back(path);
  }
} // BUG: double-close #exportfp

void InvoiceExporter::exportSummary(const std::string &month,
                                    const std::vector<Invoice> &rows) {
  const std::string path = dir_ + "/summary-" + month + ".csv";
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out) {
    failed_.push_back(path);
    return;
  }
  long total = 0;
  for (const Invoice &inv : rows)
    total += inv.cents;
  std::fprintf(out.get(), "month,total\n%s,%ld\n", month.c_str(), total);
  if (std::fclose(out.release()) != 0) // OK: ownership released before fclose
    failed_.push_back(path);
}

// Writes the ledger in parts of at most maxBytes each.
void InvoiceExporter::exportLedger(const std::vector<Invoice> &rows, size_t maxBytes) {
  int part = 0;
  auto partPath = [&] { return dir_ + "/ledger." + std::to_string(part) + ".csv"; };
  FilePtr out(std::fopen(partPath().c_str(), "w"));
  if (!out) {
    failed_.push_back(partPath());
    return;
  }
  writeHeader(out.get());
  for (const Invoice &inv : rows) {
    if (static_cast<size_t>(std::ftell(out.get())) >= maxBytes) {
      ++part;
      out.reset(std::fopen(partPath().c_str(), "w"));
      if (!out) {
        failed_.push_back(partPath());
        return;
      }
      writeHeader(out.get()); // OK: reset() closed the old part and installed a new FILE*
    }
    writeRow(out.get(), inv);
  }
}

// Writes the credit notes; when a write fails (the share is full), switches
// to the overflow share and continues there.
void InvoiceExporter::exportCreditNotes(const std::vector<Invoice> &notes,
                                        const std::string &overflowDir) {
  FilePtr out(std::fopen((dir_ + "/credit-notes.csv").c_str(), "w"));
  if (!out)
    return;
  FILE *fp = out.get();
  writeHeader(fp);
  for (size_t i = 0; i < notes.size(); ++i) {
    writeRow(fp, notes[i]); // BUG: use-after-close #stalefp
    if (std::ferror(out.get())) {
      out.reset(std::fopen((overflowDir + "/credit-notes.csv").c_str(), "w"));
      if (!out) {
        failed_.push_back(overflowDir);
        return;
      }
      writeHeader(out.get());
      std::fprintf(out.get(), "# continued after row %zu\n", i);
    }
  }
}
