// Upstream connection setup for an API gateway. A CloseGuard closes a
// connection when a setup step fails; connectWithHandshake() dismisses the
// guard once the handshake succeeded and hands the connection to the caller.
// probeBackup() guards a temporary probe connection only.
// Negative case: every use after a guarded scope is on a connection whose
// guard was dismissed, or on a different connection than the guarded one;
// ~UpstreamConn closes only a connection that is still open, so the guard's
// close followed by the destructor never closes twice; describe() only reads.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

// send() throws std::runtime_error once closed; close() twice throws
// std::logic_error. The destructor closes the connection if it is still open.
class UpstreamConn {
public:
  explicit UpstreamConn(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  ~UpstreamConn() {
    if (!closed_)
      close();
  }
  UpstreamConn(const UpstreamConn &) = delete;
  UpstreamConn &operator=(const UpstreamConn &) = delete;

  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("upstream closed: " + endpoint_);
    lastSent_ = frame;
  }
  bool handshakeAccepted() const { return lastSent_.rfind("HELLO", 0) == 0; }
  void close() {
    if (closed_)
      throw std::logic_error("upstream closed twice: " + endpoint_);
    closed_ = true;
  }
  bool isClosed() const { return closed_; }
  const std::string &endpoint() const { return endpoint_; }

private:
  std::string endpoint_;
  std::string lastSent_;
  bool closed_ = false;
};

// Closes the connection at the end of the scope unless dismissed.
class CloseGuard {
public:
  explicit CloseGuard(UpstreamConn &conn) : conn_(conn) {}
  ~CloseGuard() {
    if (armed_)
      conn_.close();
  }
  CloseGuard(const CloseGuard &) = delete;
  CloseGuard &operator=(const CloseGuard &) = delete;
  void dismiss() { armed_ = false; }

private:
  UpstreamConn &conn_;
  bool armed_ = true;
};

static std::string describe(const UpstreamConn &c) {
  return c.endpoint() + (c.isClosed() ? " [closed]" : " [open]");
}

std::unique_ptr<UpstreamConn> connectWithHandshake(const std::string &endpoint) {
  auto conn = std::make_unique<UpstreamConn>(endpoint);
  CloseGuard guard(*conn);
  conn->send("HELLO gateway/2.1");
  if (!conn->handshakeAccepted())
    return nullptr;
  guard.dismiss();
  return conn;
}

// Opens a short-lived probe to the backup endpoint and reports the result on
// the primary connection.
bool probeBackup(UpstreamConn &primary, const std::string &backupEndpoint) {
  bool reachable = false;
  {
    UpstreamConn probe(backupEndpoint);
    CloseGuard closeProbe(probe);
    probe.send("PING");
    reachable = true;
  } // OK: the guard closed the probe, ~UpstreamConn sees it closed and skips
  primary.send(std::string("PROBE ") + (reachable ? "up" : "down")); // OK: the guard closed the probe, not primary
  return reachable;
}

int main() {
  try {
    std::unique_ptr<UpstreamConn> primary = connectWithHandshake("orders.internal:8443");
    if (!primary) {
      std::cerr << "handshake rejected\n";
      return 1;
    }
    primary->send("GET /v1/orders"); // OK: the handshake guard was dismissed
    probeBackup(*primary, "orders-dr.internal:8443");
    std::cout << describe(*primary) << "\n";

    primary->close();
    std::cout << describe(*primary) << "\n"; // OK: describe() only reads the endpoint and the flag
    primary = connectWithHandshake("orders.internal:8443");
    if (primary)
      primary->send("GET /v1/orders?page=2"); // OK: primary now holds a fresh connection
  } catch (const std::exception &e) {
    std::cerr << "gateway error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
