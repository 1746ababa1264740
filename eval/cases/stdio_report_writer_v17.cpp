// Nightly billing report generator. Writes a CSV report through stdio
// helpers: a header, one row per invoice, a totals footer; the helper that
// finishes a report flushes and closes the FILE. A small RAII wrapper is used
// for the per-customer statements. Using a FILE* after fclose() or closing
// it twice is undefined behaviour.
#include <cstdio>
#include <string>
#include <vector>

struct Invoice {
  std::string Customer;
  long Cents = 0;
};

namespace report {

void writeHeader(FILE *Out, const std::string &Title) {
  std::fprintf(Out, "# %s\n", Title.c_str());
  std::fputs("customer,amount\n", Out);
}

// Returns false and closes the report on a write error so that the partial
// file is not left open by the caller's error path.
bool writeRows(FILE *Out, const std::vector<Invoice> &Rows) {
  for (const Invoice &I : Rows) {
    if (std::fprintf(Out, "%s,%ld.%02ld\n", I.Customer.c_str(), I.Cents / 100,
                     I.Cents % 100) < 0 ||
        std::ferror(Out)) {
      std::fclose(Out);
      return false;
    }
  }
  return true;
}

void finish(FILE *Out) {
  std::fflush(Out);
  std::fclose(Out);
}

} // namespace report

class Statement {
public:
  explicit Statement(const std::string &Path) : Fp(std::fopen(Path.c_str(), "w")) {}
  ~Statement() {
    if (Fp)
      std::fclose(Fp); // SAME: stmt
  }
  bool isOpen() const { return Fp != nullptr; }
  void line(const std::string &Text) { std::fprintf(Fp, "%s\n", Text.c_str()); }
  // Defect: close() does not reset Fp, so the destructor closes it again.
  void close() { std::fclose(Fp); }

private:
  FILE *Fp;
};

bool generateReport(const std::string &Path, const std::vector<Invoice> &Rows) {
  FILE *Out = std::fopen(Path.c_str(), "w");
  if (!Out)
    return false;
  report::writeHeader(Out, "billing " + Path);
  if (!report::writeRows(Out, Rows)) {
    std::perror("billing report");
    std::fclose(Out); // BUG: double-close
    return false;
  }
  long Total = 0;
  for (const Invoice &I : Rows)
    Total += I.Cents;
  std::fprintf(Out, "rows,%zu\n", Rows.size()); // OK: writeRows() closes only on its false path, which returned
  report::finish(Out);
  std::fprintf(Out, "total,%ld\n", Total); // BUG: use-after-close
  return true;
}

bool generateSummary(const std::string &Path, const std::vector<Invoice> &Rows) {
  FILE *Out = std::fopen(Path.c_str(), "w");
  if (!Out)
    return false;
  report::writeHeader(Out, "summary"); // OK
  std::fprintf(Out, "customers,%zu\n", Rows.size()); // OK: the report is finished below, after the last write
  report::finish(Out);
  Out = std::fopen((Path + ".done").c_str(), "w");
  if (Out) {
    std::fputs("done\n", Out); // OK: Out was reassigned to a new stream
    std::fclose(Out); // OK: closes the marker file, not the summary
  }
  return true;
}

void writeStatements(const std::vector<Invoice> &Rows) {
  for (const Invoice &I : Rows) {
    Statement S("/tmp/statement-" + I.Customer + ".txt");
    if (!S.isOpen())
      continue;
    S.line("Dear " + I.Customer); // OK
    S.line("Amount due: " + std::to_string(I.Cents / 100));
    S.close();
  } // BUG: double-close #stmt
}

int main() {
  std::vector<Invoice> Rows = {{"acme", 1250050}, {"globex", 99900}, {"initech", 4200}};
  generateReport("/tmp/billing.csv", Rows);
  std::vector<Invoice> Big(5000, Invoice{"bulk-customer", 123456});
  generateReport("/dev/full", Big); // disk-full path: writes fail with ENOSPC once the buffer spills
  generateSummary("/tmp/billing-summary.csv", Rows);
  writeStatements(Rows);
  return 0;
}
