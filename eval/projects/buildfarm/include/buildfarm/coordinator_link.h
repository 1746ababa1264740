// The agent's control connection to the build coordinator.
#pragma once
#include <netconn.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace buildfarm {

// Wraps a shared net::Connection (send()/flush() throw "connection closed"
// once it is closed; closing it twice is harmless). current() hands out the
// live connection; reconnect() closes the live connection and installs a
// fresh one, so anyone still holding the old one holds a closed connection;
// close() closes for good, after which current() and reconnect() return
// nullptr. sendLocked() sends on the live connection under the link's mutex
// and therefore never races with reconnect() or close(); it returns false
// once the link is closed.
class CoordinatorLink {
public:
  explicit CoordinatorLink(std::string endpoint);
  ~CoordinatorLink();

  std::shared_ptr<net::Connection> current() const;
  std::shared_ptr<net::Connection> reconnect();
  bool sendLocked(const std::string &message);
  void close();
  std::uint64_t generation() const;

private:
  mutable std::mutex mutex_;
  std::string endpoint_;
  std::shared_ptr<net::Connection> conn_;
  std::uint64_t generation_ = 0;
  bool closed_ = false;
};

} // namespace buildfarm
