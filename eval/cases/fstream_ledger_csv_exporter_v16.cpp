// Month-end exporter of an accounting service. Journal entries of a fiscal
// period are written to a CSV file with std::ofstream; the downstream import
// job rejects a file whose last line is not the TOTAL/checksum line, and any
// entry missing from the file is missing from the books. A write on a closed
// ofstream only sets failbit, so a write after close() silently loses data.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

struct Entry {
  std::string date, account;
  long debitCents = 0, creditCents = 0;
};

class PeriodExporter {
public:
  explicit PeriodExporter(std::string dir) : dir_(std::move(dir)) {}

  void beginPeriod(int period) {
    if (csv_.is_open())
      csv_.close();
    csv_.open(dir_ + "/journal-" + std::to_string(period) + ".csv");
    csv_ << "date,account,debit,credit\n"; // OK: opened on the line above
    debit_ = credit_ = 0;
  }

  void add(const Entry &e) {
    csv_ << e.date << ',' << e.account << ',' << e.debitCents << ',' << e.creditCents << '\n'; // SAME: late
    debit_ += e.debitCents;
    credit_ += e.creditCents;
  }

  void endPeriod() {
    csv_ << "TOTAL,," << debit_ << ',' << credit_ << '\n';
    csv_.close();
    if (!csv_)
      std::cerr << "journal export failed\n";
  }

private:
  std::string dir_;
  std::ofstream csv_;
  long debit_ = 0, credit_ = 0;
};

static unsigned long checksum(const std::vector<Entry> &rows) {
  unsigned long sum = 0;
  for (const Entry &e : rows)
    sum = sum * 31 + static_cast<unsigned long>(e.debitCents - e.creditCents);
  return sum;
}

void exportTrialBalance(const std::string &path, const std::vector<Entry> &balances) {
  std::ofstream out(path);
  for (const Entry &b : balances)
    out << b.account << ',' << (b.debitCents - b.creditCents) << '\n';
  out.close();
  if (out.fail()) {
    std::cerr << "cannot write " << path << '\n';
    return;
  }
  out << "CHECKSUM," << checksum(balances) << '\n'; // BUG: use-after-close
}

void exportAuditTrail(const std::string &path, const std::vector<Entry> &rows) {
  std::ofstream out(path);
  for (const Entry &r : rows)
    out << r.date << ',' << r.account << '\n';
  out << "CHECKSUM," << checksum(rows) << '\n';
  out.close();
  std::ofstream manifest(path + ".manifest");
  manifest << path << ' ' << rows.size() << '\n'; // OK: a different stream than the one closed above
  manifest.close();
  out.open(path + ".done");
  out << "complete\n"; // OK: reopened on the line above
} // OK: the destructors close only streams that are still open

int main() {
  std::vector<Entry> may = {
      {"2024-05-02", "4000-sales", 0, 125000},
      {"2024-05-02", "1100-receivables", 125000, 0},
      {"2024-05-17", "6100-rent", 300000, 0},
      {"2024-05-17", "1000-cash", 0, 300000},
  };
  PeriodExporter exporter("/srv/ledger/export");
  exporter.beginPeriod(202405);
  for (const Entry &e : may)
    exporter.add(e); // OK: the period file is open until endPeriod()
  exporter.endPeriod();
  // Adjustment posted by the controller after the close of the period.
  exporter.add({"2024-05-31", "6100-rent", 0, 15000}); // BUG: use-after-close #late
  exporter.beginPeriod(202406);
  exporter.add({"2024-06-01", "1000-cash", 5000, 0}); // OK: the next period's file is open
  exporter.endPeriod();

  exportTrialBalance("/srv/ledger/export/trial-202405.csv", may);
  exportAuditTrail("/srv/ledger/export/audit-202405.csv", may);
  return 0;
}
