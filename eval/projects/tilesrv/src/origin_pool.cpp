// OriginPool: per-origin request streams. Links are dialled on demand,
// said goodbye to when discarded, and closed once idle past the limit.
#include "origin_pool.h"

#include <algorithm>
#include <stdexcept>

#include "log.h"

namespace tilesrv {

std::string helloFrame(const std::string &host) { return "HELLO tilesrv/1 " + host + "\n"; }
std::string keepAliveFrame() { return "NOOP\n"; }
std::string goodbyeFrame() { return "BYE\n"; }

OriginPool::OriginPool(std::vector<std::string> hosts, std::string primary, std::chrono::seconds idleLimit)
    : hosts_(std::move(hosts)), primary_(std::move(primary)), idleLimit_(idleLimit) {}

OriginPool::~OriginPool() { closeAll(); } // OK: closeAll() empties the map, a second call closes nothing

OriginPool::Link OriginPool::dial(const std::string &host) {
  Link link{host, std::make_unique<net::Connection>(host), Clock::now(), 0};
  if (std::find(hosts_.begin(), hosts_.end(), host) == hosts_.end()) {
    link.conn->close();
    throw std::invalid_argument("origin " + host + " is not configured");
  }
  link.conn->send(helloFrame(host)); // OK: closed only on the branch that throws
  link.conn->flush();
  log::debug("origin %s: link open", host.c_str());
  return link;
}

OriginPool::Link &OriginPool::acquire(const std::string &host) {
  auto it = links_.find(host);
  if (it != links_.end() && !it->second.conn->isClosed())
    return it->second;
  auto placed = links_.insert_or_assign(host, dial(host));
  return placed.first->second;
}

void OriginPool::discard(const std::string &host) {
  auto it = links_.find(host);
  if (it == links_.end())
    return;
  net::Connection &conn = *it->second.conn;
  try {
    if (!conn.isClosed()) {
      conn.send(goodbyeFrame()); // OK: checked isClosed() first
      conn.flush();
    }
    conn.close();
  } catch (const std::exception &e) {
    log::debug("origin %s: goodbye failed: %s", host.c_str(), e.what());
    conn.close(); // OK: reached only when send/flush threw, before the close in the try
  }
  links_.erase(it);
}

void OriginPool::trim(Clock::time_point now) {
  for (auto &[host, link] : links_) {
    if (now - link.lastUsed < idleLimit_)
      continue;
    log::debug("origin %s: link idle after %u requests, closing", host.c_str(), link.requests);
    link.conn->close();
  }
  // Keep the primary's stream warm so the next cache miss does not pay a dial.
  auto primary = links_.find(primary_);
  if (primary != links_.end())
    primary->second.conn->send(keepAliveFrame()); // BUG: use-after-close
  for (auto it = links_.begin(); it != links_.end();) {
    if (it->second.conn->isClosed())
      it = links_.erase(it);
    else
      ++it;
  }
}

void OriginPool::closeAll() {
  for (auto &[host, link] : links_)
    link.conn->close();
  links_.clear();
}

std::size_t OriginPool::openLinks() const {
  return static_cast<std::size_t>(
      std::count_if(links_.begin(), links_.end(), [](const auto &entry) { return !entry.second.conn->isClosed(); }));
}

} // namespace tilesrv
