// Log-ingest forwarder of a node agent. IngestPipeline owns a net::Connection
// to the collector (send()/flush() throw std::runtime_error once the
// connection is closed; close() is idempotent). IngestPipeline::stop()
// flushes and closes the connection and marks the pipeline stopped; a second
// stop() returns early. publish() forwards without checking; tryPublish()
// refuses once stopped. closeQuietly() is a helper that closes a connection,
// swallowing flush errors.
#include "netconn.h"

#include <cstdio>
#include <string>
#include <vector>

class IngestPipeline {
public:
  explicit IngestPipeline(const std::string &endpoint) : conn_(endpoint) {}
  void publish(const std::string &line);
  bool tryPublish(const std::string &line);
  void stop();
  size_t published() const { return count_; }

private:
  net::Connection conn_;
  bool running_ = true;
  size_t count_ = 0;
};

void IngestPipeline::publish(const std::string &line) {
  conn_.send(line); // SAME: finalstats
  ++count_;
}

bool IngestPipeline::tryPublish(const std::string &line) {
  if (!running_)
    return false;
  conn_.send(line); // OK: guarded by running_, which stop() clears
  ++count_;
  return true;
}

void IngestPipeline::stop() {
  if (!running_)
    return;
  conn_.flush();
  conn_.close();
  running_ = false;
}

static void closeQuietly(net::Connection &conn) {
  try {
    conn.flush();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "flush %s: %s\n", conn.endpoint().c_str(), e.what());
  }
  conn.close();
}

class Forwarder {
public:
  Forwarder(const std::string &collector, const std::string &auditor)
      : pipeline_(collector), audit_(auditor) {}
  void onLine(const std::string &line);
  void onConfigReload();
  void shutdown();

private:
  IngestPipeline pipeline_;
  net::Connection audit_;
  size_t dropped_ = 0;
  bool reloading_ = false;
};

void Forwarder::onLine(const std::string &line) {
  if (!pipeline_.tryPublish(line)) // OK: tryPublish() checks the stopped flag
    ++dropped_;
}

void Forwarder::onConfigReload() {
  reloading_ = true;
  // The new collector address only applies after restart; stop forwarding.
  pipeline_.stop();
  closeQuietly(audit_);
  audit_.send("config reloaded, forwarding stopped"); // BUG: use-after-close
}

void Forwarder::shutdown() {
  pipeline_.stop(); // OK: stop() returns early if the reload already stopped it
  pipeline_.publish("forwarder.stats published=" + // BUG: use-after-close #finalstats
                    std::to_string(pipeline_.published()) +
                    " dropped=" + std::to_string(dropped_));
  if (!audit_.isClosed())
    audit_.send("forwarder shut down"); // OK: checked isClosed() first
}

int main() {
  Forwarder fwd("collector:5140", "audit:5141");
  fwd.onLine("boot ok");
  fwd.shutdown();
  return 0;
}
