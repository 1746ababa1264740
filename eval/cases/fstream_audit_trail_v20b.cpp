// Audit trail of a door-access control service: every badge event is written
// to a daily audit file through std::ofstream. The stream is closed at the end
// of a day and reopened for the next one. Writing to a closed ofstream sets
// failbit and drops the record silently; for an audit trail every dropped
// record is a lost write, i.e. a defect.
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

class AuditTrail {
public:
  explicit AuditTrail(std::string dir) : dir_(std::move(dir)) {}
  void openDay(const std::string &day);
  void record(const std::string &who, const std::string &what);
  void close();
  bool isOpen() const { return out_.is_open(); }

private:
  std::string dir_;
  std::ofstream out_;
};

void AuditTrail::openDay(const std::string &day) {
  if (out_.is_open())
    out_.close(); // OK: guarded by is_open()
  out_.clear();
  out_.open(dir_ + "/audit-" + day + ".log", std::ios::app);
  out_ << "# day " << day << "\n"; // OK: the stream was just reopened
}

void AuditTrail::record(const std::string &who, const std::string &what) {
  out_ << who << ' ' << what << '\n'; // SAME: logout
}

void AuditTrail::close() {
  out_.flush();
  out_.close();
}

static void handleLogout(AuditTrail &trail, const std::string &badge) {
  trail.record(badge, "session-end");
}

// End of service: open sessions are terminated after the trail was closed.
static void shutdownService(AuditTrail &trail, const std::vector<std::string> &badges) {
  trail.record("system", "shutdown requested");
  trail.close();
  for (const std::string &badge : badges)
    handleLogout(trail, badge); // BUG: use-after-close #logout
}

// Midnight rollover: the trail is closed and reopened for the new day.
static void midnight(AuditTrail &trail, const std::string &nextDay) {
  trail.record("system", "day closed");
  trail.close();
  trail.openDay(nextDay);
  trail.record("system", "day opened"); // OK: openDay() reopened the stream
}

// Daily summary for the security team, written to a separate report file.
static void writeDailyReport(const std::string &path, int grants, int denials) {
  std::ofstream report(path);
  report << "grants " << grants << "\n";
  report << "denials " << denials << "\n";
  report.close();
  report << "total " << (grants + denials) << "\n"; // BUG: use-after-close
  report.open(path, std::ios::app);
  report << "generated-by doorctl\n"; // OK: reopened in append mode
}

int main() {
  AuditTrail trail("/var/log/doorctl");
  trail.openDay("2024-03-14");
  trail.record("badge-1177", "grant door=lab-2");
  trail.record("badge-2040", "deny door=server-room");
  midnight(trail, "2024-03-15");
  trail.record("badge-1177", "grant door=lobby");
  writeDailyReport("/var/log/doorctl/report-2024-03-14.txt", 1, 1);
  shutdownService(trail, {"badge-1177", "badge-3310"});
  std::cout << "audit trail open: " << trail.isOpen() << "\n";
  return 0;
}
