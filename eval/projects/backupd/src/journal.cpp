// Journal: see journal.h (append() throws once closed; close() idempotent;
// reopen() never leaves the journal closed).
#include "backupd/journal.h"

#include <ctime>
#include <stdexcept>

namespace backupd {

Journal::Journal(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (fp_ == nullptr)
    throw std::runtime_error("cannot open journal " + path_);
}

Journal::~Journal() {
  if (fp_ != nullptr)
    std::fclose(fp_); // OK: close() nulls fp_, so a closed journal is not closed again
}

void Journal::append(const std::string &line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_ == nullptr)
    throw std::logic_error("journal closed: " + path_);
  const std::time_t now = std::time(nullptr);
  std::fprintf(fp_, "%lld %s\n", static_cast<long long>(now), line.c_str()); // OK: fp_ checked under mu_, the lock close() takes
  std::fflush(fp_);
}

bool Journal::reopen() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_ == nullptr)
    return false;
  std::FILE *fresh = std::fopen(path_.c_str(), "a");
  if (fresh == nullptr)
    return false;
  std::fclose(fp_); // OK: the replacement is already open and is swapped in on the next line
  fp_ = fresh;
  return true;
}

void Journal::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_ == nullptr)
    return;
  std::fclose(fp_); // OK: idempotent, fp_ is nulled right after under mu_
  fp_ = nullptr;
}

Journal::operator bool() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fp_ != nullptr;
}

} // namespace backupd
