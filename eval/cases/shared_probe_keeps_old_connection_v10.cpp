// An ingestor and a health probe share one FeedConnection through shared_ptr
// copies. Ingestor::reconnect() disconnects the shared connection and then
// reassigns only its own shared_ptr to a fresh connection; the probe still
// owns the old, disconnected one, so its next check() requests on a closed
// connection ("feed connection closed"). The ingestor's pulls after the
// reconnect use the fresh connection.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class FeedConnection {
public:
  explicit FeedConnection(std::string url) : url_(std::move(url)) {}

  std::string request(const std::string &path) {
    if (closed_)
      throw std::runtime_error("feed connection closed: " + url_);
    ++requests_;
    return url_ + path;
  }
  void disconnect() { closed_ = true; }
  bool isClosed() const { return closed_; }
  const std::string &url() const { return url_; }

private:
  std::string url_;
  int requests_ = 0;
  bool closed_ = false;
};

class Ingestor {
public:
  explicit Ingestor(std::shared_ptr<FeedConnection> conn) : conn_(std::move(conn)) {}

  void pull() { batches_.push_back(conn_->request("/events?since=cursor")); } // OK: conn_ is live whenever pull() runs

  void reconnect() {
    const std::string url = conn_->url();
    conn_->disconnect();
    conn_ = std::make_shared<FeedConnection>(url);
    conn_->request("/resume"); // OK: conn_ was just replaced
  }

private:
  std::shared_ptr<FeedConnection> conn_;
  std::vector<std::string> batches_;
};

class HealthProbe {
public:
  explicit HealthProbe(std::shared_ptr<FeedConnection> conn) : conn_(std::move(conn)) {}

  bool check() {
    return !conn_->request("/health").empty(); // SAME: probe
  }

private:
  std::shared_ptr<FeedConnection> conn_;
};

void runFeed(const std::string &url) {
  auto conn = std::make_shared<FeedConnection>(url);
  Ingestor ingestor(conn);
  HealthProbe probe(conn);
  ingestor.pull();
  probe.check(); // OK: nothing disconnected yet
  ingestor.reconnect();
  ingestor.pull(); // OK: the ingestor's owner now holds the fresh connection
  probe.check(); // BUG: use-after-close #probe
}
