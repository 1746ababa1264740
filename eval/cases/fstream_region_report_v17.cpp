// Nightly sales report generator. Writes one CSV per region (split into
// parts of at most kMaxRows rows) plus a summary report whose last line is a
// signature that the downstream importer requires; a report without the
// signature line is rejected as truncated.
#include <cstddef>
#include <fstream>
#include <map>
#include <string>
#include <vector>

struct Sale {
  std::string region;
  std::string sku;
  double amount;
};

namespace {
const std::size_t kMaxRows = 50000;

std::string partPath(const std::string &dir, const std::string &region, int part) {
  return dir + "/" + region + "-" + std::to_string(part) + ".csv";
}

// Writes the totals block and closes the report.
void finalizeSummary(std::ofstream &out, const std::map<std::string, double> &totals) {
  double grand = 0;
  for (const auto &kv : totals) {
    out << kv.first << "," << kv.second << "\n";
    grand += kv.second;
  }
  out << "TOTAL," << grand << "\n";
  out.close();
}
} // namespace

class RegionReport {
public:
  explicit RegionReport(std::string dir) : dir_(std::move(dir)) {}

  void add(const Sale &sale) {
    std::ofstream &csv = csvFor(sale.region);
    if (rows_[sale.region] >= kMaxRows) {
      csv.close();
      archived_.push_back(partPath(dir_, sale.region, parts_[sale.region]));
    }
    csv << sale.sku << "," << sale.amount << "\n"; // BUG: use-after-close
    ++rows_[sale.region];
    totals_[sale.region] += sale.amount;
  }

  // Starts a new part for a region explicitly (used by the admin tool).
  void split(const std::string &region) {
    std::ofstream &csv = csvFor(region);
    csv.close();
    csv.open(partPath(dir_, region, ++parts_[region]));
    rows_[region] = 0;
    csv << "sku,amount\n"; // OK: reopened on the line before
  }

  bool writeSummary(const std::string &signature) {
    std::ofstream summary(dir_ + "/summary.csv");
    summary << "region,total\n";
    finalizeSummary(summary, totals_);
    summary << "SIGNED," << signature << "\n"; // BUG: use-after-close
    return !summary.fail();
  }

  // Same job for the audit copy, written in the right order.
  bool writeAuditCopy(const std::string &signature) {
    std::ofstream audit(dir_ + "/audit.csv");
    audit << "region,total\n";
    finalizeSummary(audit, totals_);
    std::ofstream trailer(dir_ + "/audit.csv", std::ios::app);
    trailer << "SIGNED," << signature << "\n"; // OK: a new stream opened after the close
    return trailer.good();
  }

  void closeAll() {
    for (auto &kv : files_) {
      if (kv.second.is_open())
        kv.second.close(); // OK: guarded by is_open()
    }
  }

  bool verifyPart(const std::string &region) {
    std::ofstream &csv = csvFor(region);
    if (!csv.is_open())
      return false;
    csv.flush();
    std::ifstream check(partPath(dir_, region, parts_[region]));
    std::string header;
    std::getline(check, header);
    check.close();
    csv << "# verified\n"; // OK: check (a different stream) was closed, csv is open
    return header == "sku,amount";
  }

private:
  std::ofstream &csvFor(const std::string &region) {
    auto it = files_.find(region);
    if (it != files_.end())
      return it->second;
    std::ofstream &csv = files_[region];
    csv.open(partPath(dir_, region, parts_[region]));
    csv << "sku,amount\n"; // OK: just opened
    return csv;
  }

  std::string dir_;
  std::map<std::string, std::ofstream> files_;
  std::map<std::string, std::size_t> rows_;
  std::map<std::string, int> parts_;
  std::map<std::string, double> totals_;
  std::vector<std::string> archived_;
};

int main() {
  RegionReport report("/tmp");
  report.add({"emea", "SKU-1", 10.0});
  report.add({"apac", "SKU-2", 12.5});
  report.split("emea");
  report.add({"emea", "SKU-3", 7.25});
  report.verifyPart("apac");
  report.writeSummary("k3y-2024");
  report.writeAuditCopy("k3y-2024");
  report.closeAll();
  return 0;
}
