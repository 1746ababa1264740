// A market-data feed client. On a server restart it closes its connection and
// always installs a fresh one with make_unique before resubscribing, and a
// replay restart emplaces a new ReplaySession into its std::optional. On a
// protocol error, however, onProtocolError() replaces the closed connection
// only while retries remain, yet resubscribes unconditionally: once the retry
// budget is spent, SUBSCRIBE is sent on the connection it just closed.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class FeedConn {
public:
  explicit FeedConn(std::string url) : url_(std::move(url)) {}
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("feed connection to " + url_ + " is closed");
    outbound_.push_back(frame);
  }
  void close() { closed_ = true; }

private:
  std::string url_;
  std::vector<std::string> outbound_;
  bool closed_ = false;
};

class ReplaySession {
public:
  ReplaySession(std::string url, uint64_t fromSeq) : url_(std::move(url)), next_(fromSeq) {}
  void request(uint64_t count) {
    if (closed_)
      throw std::runtime_error("replay session closed");
    next_ += count;
  }
  void close() { closed_ = true; }

private:
  std::string url_;
  uint64_t next_;
  bool closed_ = false;
};

class FeedClient {
public:
  FeedClient(std::string url, std::string topic, int retries)
      : url_(std::move(url)), topic_(std::move(topic)), retriesLeft_(retries),
        conn_(std::make_unique<FeedConn>(url_)) {
    conn_->send("SUBSCRIBE " + topic_);
  }

  void onServerRestart() {
    conn_->close();
    conn_ = std::make_unique<FeedConn>(url_);
    conn_->send("SUBSCRIBE " + topic_); // OK: conn_ owns a new connection
  }

  void onProtocolError(const std::string &why) {
    lastError_ = why;
    conn_->close();
    if (retriesLeft_ > 0) {
      --retriesLeft_;
      conn_ = std::make_unique<FeedConn>(url_);
    }
    conn_->send("SUBSCRIBE " + topic_); // BUG: use-after-close
  }

  void restartReplay(uint64_t fromSeq) {
    if (replay_)
      replay_->close();
    replay_.emplace(url_, fromSeq);
    replay_->request(1000); // OK: emplace() constructed a new session
  }

private:
  std::string url_, topic_, lastError_;
  int retriesLeft_;
  std::unique_ptr<FeedConn> conn_;
  std::optional<ReplaySession> replay_;
};

void handleFeedEvents(FeedClient &client) {
  client.restartReplay(4200);
  client.onServerRestart();
  client.onProtocolError("bad checksum");
  client.restartReplay(4300);
}
