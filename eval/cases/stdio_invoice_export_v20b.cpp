// Invoice CSV export for a billing service, written with stdio.
// Negative case, the code is correct: every early-return path closes the
// FILE* exactly once and returns immediately; the helpers only write to the
// stream they are given and never close it; the success path closes once at
// the end; the summary file is a second stream with its own single fclose().
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct Invoice {
  std::string id;
  std::string customer;
  long amountCents;
};

class InvoiceExporter {
public:
  explicit InvoiceExporter(std::string dir) : dir_(std::move(dir)) {}
  int exportAll(const std::vector<Invoice> &invoices);

private:
  static bool writeHeader(FILE *out);
  static bool writeRow(FILE *out, const Invoice &inv);
  static void writeSummary(FILE *out, std::size_t rows, long totalCents);
  int writeSummaryFile(std::size_t rows, long totalCents);
  std::string dir_;
};

bool InvoiceExporter::writeHeader(FILE *out) {
  return std::fprintf(out, "id,customer,amount\n") > 0;
}

bool InvoiceExporter::writeRow(FILE *out, const Invoice &inv) {
  return std::fprintf(out, "%s,\"%s\",%ld.%02ld\n", inv.id.c_str(),
                      inv.customer.c_str(), inv.amountCents / 100,
                      inv.amountCents % 100) > 0;
}

void InvoiceExporter::writeSummary(FILE *out, std::size_t rows, long totalCents) {
  std::fprintf(out, "rows=%zu\ntotal_cents=%ld\n", rows, totalCents);
}

int InvoiceExporter::writeSummaryFile(std::size_t rows, long totalCents) {
  const std::string path = dir_ + "/invoices.summary";
  FILE *summary = std::fopen(path.c_str(), "w");
  if (!summary)
    return -1;
  writeSummary(summary, rows, totalCents);
  return std::fclose(summary) == 0 ? 0 : -1;
}

int InvoiceExporter::exportAll(const std::vector<Invoice> &invoices) {
  const std::string path = dir_ + "/invoices.csv";
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  if (!writeHeader(out)) {
    std::fclose(out); // OK: this error path returns right after closing
    return -2;
  }
  long total = 0;
  for (const Invoice &inv : invoices) {
    if (inv.amountCents < 0) {
      std::fprintf(out, "# export aborted at %s: negative amount\n", inv.id.c_str());
      std::fclose(out); // OK: returns right after closing
      return -3;
    }
    if (!writeRow(out, inv)) {
      std::fclose(out); // OK: returns right after closing
      return -4;
    }
    total += inv.amountCents;
  }
  std::fflush(out);
  int rc = std::ferror(out) ? -5 : 0;
  if (std::fclose(out) != 0) // OK: the only close on the success path
    rc = -6;
  if (rc == 0)
    rc = writeSummaryFile(invoices.size(), total); // OK: opens and closes its own stream
  return rc;
}

int main() {
  InvoiceExporter exporter("/tmp");
  std::vector<Invoice> batch = {
      {"INV-1001", "Acme Ltd", 129900},
      {"INV-1002", "Globex", 4550},
  };
  int rc = exporter.exportAll(batch);
  std::printf("export rc=%d\n", rc);
  batch.push_back({"INV-1003", "Initech", -100});
  rc = exporter.exportAll(batch);
  std::printf("export with credit note rc=%d\n", rc);
  return 0;
}
