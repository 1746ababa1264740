// PassValidator: valid-pass set and gate audit log. loadValid() reads into a
// fresh set and swaps it in under the mutex; closeAudit() closes the log
// under the same mutex that admit() holds. rotateAudit() closes the log
// before taking the mutex, while a gate thread may be writing to it.
#include "pass_validator.h"

#include <cstring>

namespace liftops {

PassValidator::PassValidator(const std::string &auditPath)
    : audit_(FileHandle::open(auditPath, "a")) {}

Status PassValidator::loadValid(const std::string &path) {
  FileHandle in = FileHandle::open(path, "r");
  if (!in.isOpen())
    return Status::error(Errc::Io, "cannot read " + path);
  std::set<std::string> ids;
  char line[128];
  while (std::fgets(line, sizeof line, in.get())) {
    line[std::strcspn(line, "\r\n")] = '\0';
    if (line[0] != '\0' && line[0] != '#')
      ids.insert(line);
  }
  bool failed = std::ferror(in.get()) != 0;
  in.close();
  if (failed)
    return Status::error(Errc::Io, "read error in " + path);
  std::lock_guard<std::mutex> lock(mu_);
  valid_.swap(ids);
  return Status::ok();
}

bool PassValidator::admit(const std::string &gateId, const std::string &passId) {
  std::lock_guard<std::mutex> lock(mu_);
  bool allowed = valid_.count(passId) > 0;
  std::FILE *log = audit_.get();
  if (log) {
    std::fprintf(log, "%s %s %s\n", gateId.c_str(), passId.c_str(), allowed ? "admit" : "deny"); // BUG: use-after-close #audit-race
    std::fflush(log);
  }
  return allowed;
}

void PassValidator::rotateAudit(const std::string &path) {
  audit_.close(); // SAME: audit-race
  std::lock_guard<std::mutex> lock(mu_);
  audit_ = FileHandle::open(path, "a");
}

void PassValidator::closeAudit() {
  std::lock_guard<std::mutex> lock(mu_);
  audit_.close();
}

} // namespace liftops
