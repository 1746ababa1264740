// AuditLog: a mutex-protected FILE* that is either stdout or an owned file.
#include "audit_log.h"

#include <cstdarg>
#include <ctime>

AuditLog::AuditLog(const std::string &target) {
  if (target.empty() || target == "-")
    return;
  if (std::FILE *fp = std::fopen(target.c_str(), "a")) {
    fp_ = fp;
    owned_ = true;
    target_ = target;
  } else {
    std::fprintf(stderr, "gridd: cannot open audit file %s, auditing to stdout\n", target.c_str());
  }
}

AuditLog::~AuditLog() { close(); } // OK

void AuditLog::record(const char *fmt, ...) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
  std::fprintf(fp_, "%s ", stamp); // OK
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(fp_, fmt, ap); // OK
  va_end(ap);
  std::fputc('\n', fp_); // OK
}

bool AuditLog::reopen(const std::string &target) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return false;
  std::FILE *next = (target.empty() || target == "-") ? stdout : std::fopen(target.c_str(), "a");
  if (!next)
    return false;
  closeLocked();
  fp_ = next;
  owned_ = next != stdout;
  target_ = owned_ ? target : "-";
  std::fprintf(fp_, "audit: reopened on %s\n", target_.c_str()); // OK
  return true;
}

void AuditLog::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  std::fflush(fp_); // OK
}

void AuditLog::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  std::fflush(fp_);
  closeLocked();
}

bool AuditLog::toStdout() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !owned_;
}

std::string AuditLog::target() const {
  std::lock_guard<std::mutex> lock(mu_);
  return target_;
}

void AuditLog::closeLocked() {
  if (owned_)
    std::fclose(fp_);
  fp_ = stdout;
  owned_ = false;
}
