// A failover client keeps the live connection in `primary` and a second owner
// `standby` pointing at the same object for the metrics thread. On failover it
// closes the primary and points `primary` at a fresh connection: sends through
// `primary` reach the new object (correct), but `standby` still holds the
// closed one, and sending through it is a use after close (bug).
#include "netconn.h"

#include <memory>
#include <string>

class FailoverClient {
public:
  explicit FailoverClient(const std::string &endpoint)
      : primary_(std::make_shared<net::Connection>(endpoint)), standby_(primary_) {}

  void failover(const std::string &nextEndpoint) {
    primary_->close();
    primary_ = std::make_shared<net::Connection>(nextEndpoint);
    primary_->send("HELLO"); // OK
    standby_->send("METRICS failover=1"); // BUG: use-after-close
  }

private:
  std::shared_ptr<net::Connection> primary_;
  std::shared_ptr<net::Connection> standby_;
};

void failoverLocal(const std::string &a, const std::string &b) {
  auto primary = std::make_shared<net::Connection>(a);
  auto reporter = primary;
  primary->close();
  primary = std::make_shared<net::Connection>(b);
  primary->send("HELLO"); // OK
  reporter->flush(); // BUG: use-after-close
}
