// Metrics uplink of an edge agent. Uplink owns the current collector
// connection through a shared_ptr and replaces it in reconnect(): the old
// connection is closed and conn_ is reassigned to a new one. Batcher keeps
// its own copy of the shared_ptr it was constructed with, so after a
// reconnect it still points at the old, closed connection until the uplink
// hands it the new one; the error reporter callback captured a copy of the
// first connection in the constructor. net::Connection::send() throws once
// closed.
#include "netconn.h"

#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

class Batcher {
public:
  explicit Batcher(std::shared_ptr<net::Connection> conn) : conn_(std::move(conn)) {}
  void add(const std::string &metric) { pending_.push_back(metric); }
  void flushBatch();
  void rebind(std::shared_ptr<net::Connection> conn) { conn_ = std::move(conn); }

private:
  std::shared_ptr<net::Connection> conn_;
  std::vector<std::string> pending_;
  unsigned seq_ = 0;
};

void Batcher::flushBatch() {
  std::ostringstream out;
  out << "BATCH seq=" << seq_++ << " n=" << pending_.size() << '\n';
  for (const std::string &m : pending_)
    out << m << '\n';
  conn_->send(out.str()); // SAME: stalebatch
  pending_.clear();
}

class Uplink {
public:
  Uplink(std::string endpoint, std::string agentId);
  void record(const std::string &metric) { batcher_.add(metric); }
  void onTimer() { batcher_.flushBatch(); }
  void onServerReset();
  void onCredentialsRotated();
  void onLocalError(const std::string &what) { errorReporter_(what); }

private:
  void reconnect();
  std::string endpoint_;
  std::string agentId_;
  std::shared_ptr<net::Connection> conn_;
  Batcher batcher_;
  std::function<void(const std::string &)> errorReporter_;
};

Uplink::Uplink(std::string endpoint, std::string agentId)
    : endpoint_(std::move(endpoint)), agentId_(std::move(agentId)),
      conn_(std::make_shared<net::Connection>(endpoint_)), batcher_(conn_) {
  conn_->send("HELLO " + agentId_);
  // Agent-side errors are reported in-band to the collector.
  errorReporter_ = [conn = conn_, id = agentId_](const std::string &what) {
    conn->send("ERROR " + id + " " + what); // SAME: errreport
  };
}

void Uplink::reconnect() {
  conn_->close();
  conn_ = std::make_shared<net::Connection>(endpoint_);
  conn_->send("HELLO " + agentId_); // OK: conn_ now owns the new connection
}

// The collector restarted: reconnect and push what was buffered meanwhile.
void Uplink::onServerReset() {
  reconnect();
  batcher_.flushBatch(); // BUG: use-after-close #stalebatch
}

void Uplink::onCredentialsRotated() {
  reconnect();
  batcher_.rebind(conn_);
  batcher_.flushBatch(); // OK: the batcher was rebound to the new connection
}

int main() {
  Uplink up("collector.internal:2003", "edge-17");
  up.record("cpu.load 0.42");
  up.onTimer();
  up.onCredentialsRotated();
  up.record("cpu.load 0.40");
  up.onLocalError("disk usage above 95%"); // BUG: use-after-close #errreport
  up.onServerReset();
  return 0;
}
