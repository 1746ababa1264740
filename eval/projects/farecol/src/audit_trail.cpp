// Audit trail of back-office actions, written in batches.
#include "audit_trail.h"

#include <cerrno>
#include <ctime>
#include <system_error>
#include <utility>

namespace farecol {

LineBuffer::~LineBuffer() {
  flush(); // BUG: use-after-close #auditorder
}

void LineBuffer::append(std::string line) { pending_.push_back(std::move(line)); }

void LineBuffer::flush() {
  if (!out_ || pending_.empty())
    return;
  std::string block;
  for (const std::string &line : pending_) {
    block += line;
    block += '\n';
  }
  pending_.clear();
  std::fwrite(block.data(), 1, block.size(), out_); // SAME: auditorder
}

AuditTrail::AuditTrail(const std::string &path, std::size_t batch) : batch_(batch == 0 ? 1 : batch) {
  file_ = StdioFile(std::fopen(path.c_str(), "a"));
  if (!file_.isOpen())
    throw std::system_error(errno, std::generic_category(), "audit trail " + path);
  buffer_.bind(file_.get());
}

void AuditTrail::record(const std::string &staffId, const std::string &action) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);

  std::lock_guard<std::mutex> lock(mutex_);
  buffer_.append(std::string(stamp) + " " + staffId + " " + action);
  if (buffer_.pending() >= batch_) {
    buffer_.flush();
    std::fflush(file_.get());
  }
}

void AuditTrail::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  buffer_.flush();
  std::fflush(file_.get());
}

} // namespace farecol
