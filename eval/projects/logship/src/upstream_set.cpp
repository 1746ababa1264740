// Named upstream connections.
#include "logship/upstream_set.h"
#include "logship/log.h"

#include <stdexcept>
#include <utility>

namespace logship {

void UpstreamSet::add(std::unique_ptr<UpstreamConnection> conn) {
  const std::string name = conn->name();
  if (primaryName_.empty())
    primaryName_ = name;
  conns_[name] = std::move(conn);
}

std::unique_ptr<UpstreamConnection> UpstreamSet::replace(const std::string &name,
                                                         std::unique_ptr<UpstreamConnection> next) {
  if (primaryName_.empty())
    primaryName_ = name;
  return std::exchange(conns_[name], std::move(next));
}

void UpstreamSet::remove(const std::string &name) {
  const auto it = conns_.find(name);
  if (it == conns_.end())
    return;
  if (!it->second->closed())
    it->second->close();
  conns_.erase(it);
  if (name == primaryName_)
    primaryName_ = conns_.empty() ? std::string() : conns_.begin()->first;
}

UpstreamConnection &UpstreamSet::primary() {
  const auto it = conns_.find(primaryName_);
  if (it == conns_.end() || !it->second)
    throw std::out_of_range("no primary upstream");
  return *it->second;
}

const UpstreamConnection &UpstreamSet::primary() const {
  return const_cast<UpstreamSet *>(this)->primary();
}

UpstreamConnection *UpstreamSet::find(const std::string &name) {
  const auto it = conns_.find(name);
  return it == conns_.end() ? nullptr : it->second.get();
}

std::size_t UpstreamSet::broadcast(const std::string &message) {
  std::size_t accepted = 0;
  for (auto &[name, conn] : conns_) {
    if (!conn || conn->closed())
      continue;
    if (conn->send(message) == ErrorCode::Ok) // OK: skipped above when closed
      ++accepted;
  }
  return accepted;
}

void UpstreamSet::closeAll(const std::string &farewell) {
  for (auto &[name, conn] : conns_) {
    if (conn && !conn->closed())
      conn->close(); // OK: each connection is closed at most once
  }
  if (!farewell.empty()) {
    // Let the primary release our session right away instead of timing out.
    const ErrorCode ec = primary().send(farewell); // BUG: use-after-close
    if (ec != ErrorCode::Ok)
      log_warn("upstream: farewell not delivered: %s", toString(ec));
  }
}

} // namespace logship
