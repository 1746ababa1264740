// Daily billing report generator. The report goes to a file, or to stdout for
// --dry-run; closeReport() never closes stdout. renderBody() closes the report
// when a write fails and returns false. generate() notices the failure but
// still writes the totals footer to the closed FILE*. appendToLedger() closes
// the ledger inside its copy loop on a short write and closes it again after.
#include <cstdio>
#include <string>
#include <vector>

struct Charge {
  std::string customer;
  long long cents;
};

struct ReportOptions {
  std::string path;
  bool dryRun = false;
};

static std::FILE *openReport(const ReportOptions &opt) {
  if (opt.dryRun)
    return stdout;
  return std::fopen(opt.path.c_str(), "w");
}

static void closeReport(std::FILE *out) {
  if (out != stdout)
    std::fclose(out); // OK: stdout is never closed here
}

static long long total(const std::vector<Charge> &charges) {
  long long sum = 0;
  for (const Charge &c : charges)
    sum += c.cents;
  return sum;
}

// Writes every charge; on a write error it closes the report and returns false.
static bool renderBody(std::FILE *out, const std::vector<Charge> &charges) {
  for (const Charge &c : charges) {
    if (std::fprintf(out, "%s,%lld\n", c.customer.c_str(), c.cents) < 0) {
      closeReport(out);
      return false;
    }
  }
  return true;
}

int generate(const ReportOptions &opt, const std::vector<Charge> &charges) {
  std::FILE *out = openReport(opt);
  if (!out) {
    std::perror(opt.path.c_str());
    return 2;
  }
  std::fprintf(out, "customer,cents\n");
  const bool rendered = renderBody(out, charges);
  if (!rendered)
    std::fprintf(stderr, "billing: report %s is truncated\n", opt.path.c_str()); // OK: stderr, not the report
  std::fprintf(out, "# total=%lld\n", total(charges)); // BUG: use-after-close
  if (rendered)
    closeReport(out);
  return rendered ? 0 : 1;
}

// Appends a copy of the finished report to the month's ledger file.
bool appendToLedger(const std::string &ledgerPath, const std::string &reportPath) {
  std::FILE *ledger = std::fopen(ledgerPath.c_str(), "a");
  std::FILE *report = std::fopen(reportPath.c_str(), "r");
  if (!ledger || !report) {
    if (ledger)
      std::fclose(ledger);
    if (report)
      std::fclose(report);
    return false;
  }
  bool copied = true;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, report)) > 0) {
    if (std::fwrite(buf, 1, n, ledger) != n) {
      std::fprintf(stderr, "billing: ledger %s: short write\n", ledgerPath.c_str());
      std::fclose(ledger);
      copied = false;
      break;
    }
  }
  std::fclose(report);
  std::fclose(ledger); // BUG: double-close
  return copied;
}

int main(int argc, char **argv) {
  ReportOptions opt;
  opt.path = "/var/billing/daily.csv";
  opt.dryRun = argc > 1 && std::string(argv[1]) == "--dry-run";
  std::vector<Charge> charges = {{"acme", 129900}, {"globex", 4500}};
  const int rc = generate(opt, charges);
  if (rc == 0 && !opt.dryRun)
    appendToLedger("/var/billing/ledger-2024-06.csv", opt.path);
  return rc;
}
