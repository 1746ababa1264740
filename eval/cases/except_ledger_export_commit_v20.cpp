// End-of-day ledger export: writes the day's entries to a CSV (FILE*),
// records the export in the Catalog and appends a line to the AuditTrail.
// fclose() never throws; writeRow() throws std::invalid_argument on a
// malformed entry; Catalog::commit() throws CatalogError when the day is
// already committed; Notifier::notify() throws NotifyError when the channel
// is muted. AuditTrail::close() is noexcept and idempotent, append() throws
// std::logic_error once the trail is closed. Defects: exportAndCommit()'s
// handler fcloses a file the try block already closed (commit() runs after
// the fclose), and publishAndNotify()'s handler appends to the closed trail.
#include <cstdio>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

struct Entry {
  std::string account;
  long cents;
};

struct CatalogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct NotifyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Catalog {
public:
  void commit(const std::string &day, size_t rows);
private:
  std::set<std::string> committed_;
};

void Catalog::commit(const std::string &day, size_t rows) {
  if (!committed_.insert(day).second)
    throw CatalogError("day " + day + " already committed");
  std::printf("catalog: %s (%zu rows)\n", day.c_str(), rows);
}

class Notifier {
public:
  explicit Notifier(bool muted) : muted_(muted) {}
  void notify(const std::string &day) {
    if (muted_)
      throw NotifyError("notifications muted for " + day);
  }
private:
  bool muted_;
};

class AuditTrail {
public:
  explicit AuditTrail(const char *path) : fp_(std::fopen(path, "a")) {}
  ~AuditTrail() { close(); }
  void append(const std::string &line);
  void close() noexcept;
private:
  FILE *fp_;
};

void AuditTrail::append(const std::string &line) {
  if (!fp_)
    throw std::logic_error("audit trail closed");
  std::fprintf(fp_, "%s\n", line.c_str());
}

void AuditTrail::close() noexcept {
  if (fp_)
    std::fclose(fp_);
  fp_ = nullptr;
}

void writeRow(FILE *fp, const Entry &e) {
  if (e.account.empty())
    throw std::invalid_argument("entry without account");
  std::fprintf(fp, "%s,%ld\n", e.account.c_str(), e.cents);
}

bool exportDay(const std::string &day, const std::vector<Entry> &entries) {
  FILE *fp = std::fopen(("/tmp/ledger-" + day + ".csv").c_str(), "w");
  if (!fp)
    return false;
  try {
    for (const Entry &e : entries)
      writeRow(fp, e);
    std::fclose(fp);
  } catch (const std::invalid_argument &err) {
    std::fclose(fp); // OK: only writeRow() can throw, and it runs before the fclose in the try
    return false;
  }
  return true;
}

bool exportAndCommit(const std::string &day, const std::vector<Entry> &entries, Catalog &cat) {
  FILE *fp = std::fopen(("/tmp/ledger-" + day + ".final.csv").c_str(), "w");
  if (!fp)
    return false;
  try {
    for (const Entry &e : entries)
      writeRow(fp, e);
    std::fclose(fp);
    cat.commit(day, entries.size());
  } catch (const CatalogError &err) {
    std::fclose(fp); // BUG: double-close
    return false;
  }
  return true;
}

void publishTrail(AuditTrail &trail, const std::string &summary) {
  try {
    trail.append(summary);
    trail.close();
  } catch (const std::exception &e) {
    trail.append(std::string("publish failed: ") + e.what()); // OK: close() is noexcept and last, so only append() can have thrown, before the close
  }
}

void publishAndNotify(AuditTrail &trail, Notifier &notifier, const std::string &day) {
  try {
    trail.append("export " + day);
    trail.close();
    notifier.notify(day);
  } catch (const NotifyError &e) {
    trail.append(std::string("notify failed: ") + e.what()); // BUG: use-after-close
  }
}

int main() {
  const std::vector<Entry> entries{{"1001-cash", 250000}, {"2002-ar", -120000}};
  Catalog catalog;
  exportDay("2024-06-30", entries);
  exportAndCommit("2024-06-30", entries, catalog);
  exportAndCommit("2024-06-30", entries, catalog);
  AuditTrail daily("/tmp/ledger-audit.log");
  publishTrail(daily, "2024-06-30 exported");
  daily.close(); // OK: AuditTrail::close() is idempotent, it checks fp_ and clears it
  AuditTrail weekly("/tmp/ledger-audit-weekly.log");
  Notifier muted(true);
  try {
    publishAndNotify(weekly, muted, "2024-06-30");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "audit: %s\n", e.what());
  }
  return 0;
}
