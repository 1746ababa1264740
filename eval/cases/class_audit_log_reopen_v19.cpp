// Audit trail of an admin API server. AuditLog owns a FILE* opened in append
// mode. close() fcloses it and sets fp_ to nullptr, so a second close() is a
// no-op; record() reopens the file lazily when it is closed. AuditService
// stops the log on SIGTERM and rotates it on SIGHUP through rotateAudit(), a
// helper that closes the log and renames the file.
// Negative case: every record() after a close goes through the lazy reopen,
// every second close() sees fp_ == nullptr, and the use after rotation is on
// the freshly reopened file. Nothing here uses or closes a closed FILE*.
#include <cstdio>
#include <ctime>
#include <string>

class AuditLog {
public:
  explicit AuditLog(std::string path) : path_(std::move(path)) {}
  ~AuditLog() { close(); }
  AuditLog(const AuditLog &) = delete;
  AuditLog &operator=(const AuditLog &) = delete;

  bool record(const std::string &actor, const std::string &action);
  void close();
  bool isOpen() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }

private:
  bool ensureOpen();
  std::string path_;
  FILE *fp_ = nullptr;
};

bool AuditLog::ensureOpen() {
  if (!fp_)
    fp_ = std::fopen(path_.c_str(), "a");
  return fp_ != nullptr;
}

bool AuditLog::record(const std::string &actor, const std::string &action) {
  if (!ensureOpen())
    return false;
  std::fprintf(fp_, "%ld %s %s\n", static_cast<long>(std::time(nullptr)),
               actor.c_str(), action.c_str());
  return std::fflush(fp_) == 0;
}

void AuditLog::close() {
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

// Closes the current file and moves it aside; the next record() starts a new one.
static bool rotateAudit(AuditLog &log, const std::string &suffix) {
  log.close();
  const std::string rotated = log.path() + "." + suffix;
  return std::rename(log.path().c_str(), rotated.c_str()) == 0;
}

class AuditService {
public:
  explicit AuditService(const std::string &path) : log_(path) {}
  void onRequest(const std::string &user, const std::string &action);
  void onSighup(const std::string &stamp);
  void stop();

private:
  AuditLog log_;
  bool stopped_ = false;
};

void AuditService::onRequest(const std::string &user, const std::string &action) {
  if (!log_.record(user, action)) // OK: record() reopens after a stop() or rotation
    std::fprintf(stderr, "audit write failed for %s\n", user.c_str());
}

void AuditService::onSighup(const std::string &stamp) {
  if (!rotateAudit(log_, stamp))
    std::fprintf(stderr, "audit rotation failed\n");
  log_.record("system", "audit log rotated to ." + stamp); // OK: lazily reopens a new file
}

void AuditService::stop() {
  if (stopped_)
    return;
  log_.record("system", "service stopping");
  log_.close();
  stopped_ = true;
}

int main() {
  AuditService svc("/var/log/adminapi/audit.log");
  svc.onRequest("alice", "user.create bob");
  svc.onSighup("20240101");
  svc.stop();
  svc.stop(); // OK: stop() returns early once stopped
  svc.onRequest("bob", "login"); // OK: record() reopens the closed log
  return 0;
}
