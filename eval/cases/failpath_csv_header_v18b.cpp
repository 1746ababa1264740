// CSV export of billing data. writeHeader() writes the column header and, on
// a write error (disk full, quota), closes the file itself and returns false.
// exportInvoices() stops when it gets false; exportCredits() ignores the
// result and keeps writing rows and finally closes the file again, which on
// the error path writes to and closes an already closed FILE*.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct Invoice {
  std::string id;
  std::string customer;
  long cents;
};

// Writes the header line. On error the stream is closed and false returned;
// the caller must not touch `out` afterwards.
static bool writeHeader(FILE *out, const std::vector<std::string> &cols) {
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (std::fprintf(out, "%s%s", i ? "," : "", cols[i].c_str()) < 0) {
      std::fprintf(stderr, "csv header: %s\n", std::strerror(errno));
      std::fclose(out);
      return false;
    }
  }
  // Push the header to disk now so a full disk is noticed before the rows.
  if (std::fputc('\n', out) == EOF || std::fflush(out) != 0) {
    std::fprintf(stderr, "csv header: %s\n", std::strerror(errno));
    std::fclose(out);
    return false;
  }
  return true;
}

static int writeRow(FILE *out, const Invoice &inv) {
  return std::fprintf(out, "%s,%s,%ld.%02ld\n", inv.id.c_str(), inv.customer.c_str(),
                      inv.cents / 100, inv.cents % 100);
}

int exportInvoices(const char *path, const std::vector<Invoice> &rows) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return -1;
  if (!writeHeader(out, {"id", "customer", "amount"}))
    return -1;
  for (const Invoice &inv : rows)
    if (writeRow(out, inv) < 0) // OK: writeHeader() succeeded, so the file is open
      break;
  return std::fclose(out) == 0 ? 0 : -1;
}

int exportCredits(const char *path, const std::vector<Invoice> &rows) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return -1;
  writeHeader(out, {"id", "customer", "credit"});
  int failed = 0;
  for (const Invoice &inv : rows)
    if (writeRow(out, inv) < 0) // BUG: use-after-close
      ++failed;
  std::fclose(out); // BUG: double-close
  return failed ? -1 : 0;
}

int exportSummary(const char *path, long total) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return -1;
  bool headerWritten = writeHeader(out, {"total"});
  if (!headerWritten)
    return -1;
  std::fprintf(out, "%ld.%02ld\n", total / 100, total % 100); // OK: checked the stored result
  return std::fclose(out);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "/tmp";
  std::vector<Invoice> rows = {{"inv-1", "acme", 129900}, {"inv-2", "globex", 4550}};
  long total = 0;
  for (const Invoice &inv : rows)
    total += inv.cents;
  std::string base(dir);
  int rc = exportInvoices((base + "/invoices.csv").c_str(), rows);
  rc |= exportCredits((base + "/credits.csv").c_str(), rows);
  rc |= exportSummary((base + "/summary.csv").c_str(), total);
  return rc ? 1 : 0;
}
