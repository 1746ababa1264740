// A gateway keeps its upstream connection in a std::optional. reconnect()
// closes it, resets the optional and emplaces a fresh connection before
// sending (correct). reconnectMaybe() emplaces the new connection only when a
// retry budget is left, and then sends on whatever the optional holds: on the
// other path that is the closed one (bug).
#include "netconn.h"

#include <optional>
#include <string>

class Gateway {
public:
  explicit Gateway(std::string endpoint) : endpoint_(std::move(endpoint)) { upstream_.emplace(endpoint_); }

  void reconnect() {
    upstream_->close();
    upstream_.reset();
    upstream_.emplace(endpoint_);
    upstream_->send("HELLO"); // OK
  }

  void reconnectInPlace() {
    upstream_->close();
    upstream_.emplace(endpoint_);
    upstream_->send("HELLO"); // OK
  }

  void reconnectMaybe(int retriesLeft) {
    upstream_->close();
    if (retriesLeft > 0)
      upstream_.emplace(endpoint_);
    upstream_->send("HELLO"); // BUG: use-after-close
  }

private:
  std::string endpoint_;
  std::optional<net::Connection> upstream_;
};
