// Uplink holds its connection in a unique_ptr. reconnect() closes it and
// installs a fresh one before sending (quiet line). recover() closes it and
// installs the backup only when there is one, then sends on whatever conn_
// holds: without a backup that is the closed connection (bug). send() checks
// the state first (quiet line); the destructor closes again after shutdown()
// (quiet line: close() is idempotent).
#include "gateway/uplink.h"

#include <utility>

namespace gateway {

Uplink::Uplink(std::string primary, std::string backup)
    : primary_(std::move(primary)), backup_(std::move(backup)),
      conn_(std::make_unique<UpstreamConn>(primary_)) {}

Uplink::~Uplink() {
  if (conn_)
    conn_->close(); // OK: idempotent; shutdown() may have closed it already
}

bool Uplink::send(const std::string &line) {
  if (!conn_ || conn_->isClosed())
    return false;
  return conn_->send(line); // OK: checked above
}

void Uplink::reconnect() {
  conn_->close();
  conn_ = std::make_unique<UpstreamConn>(primary_);
  conn_->send("HELLO resume"); // OK: a fresh connection
}

void Uplink::recover(bool haveBackup) {
  conn_->close();
  if (haveBackup && !backup_.empty())
    conn_ = std::make_unique<UpstreamConn>(backup_);
  conn_->send("RESYNC"); // BUG: use-after-close
}

void Uplink::shutdown() { conn_->close(); }

} // namespace gateway
