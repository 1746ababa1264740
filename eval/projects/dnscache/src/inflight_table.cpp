// Queries currently forwarded upstream.
#include "dnscache/inflight_table.h"

#include <sstream>

namespace dnscache {

InflightTable::Token InflightTable::add(const std::string &qname,
                                        std::shared_ptr<UpstreamConnection> conn) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  entries_.emplace(token, Entry{qname, std::move(conn), std::chrono::steady_clock::now()});
  return token;
}

void InflightTable::remove(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  entries_.erase(token);
}

std::size_t InflightTable::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.size();
}

std::string InflightTable::describe() const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto now = std::chrono::steady_clock::now();
  std::ostringstream os;
  for (const auto &kv : entries_) {
    const auto &e = kv.second;
    const auto ageMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(now - e.started).count();
    os << (e.qname.empty() ? "." : e.qname) << " via " << e.conn->address() // OK: address() is a plain field; the connection may be closed, no socket is touched
       << " for " << ageMs << "ms\n";
  }
  return os.str();
}

} // namespace dnscache
