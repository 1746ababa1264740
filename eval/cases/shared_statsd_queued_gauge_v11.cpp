// A single-threaded event loop runs queued callbacks; the metrics reporter
// posts lambdas that hold a shared_ptr copy of its statsd connection.
// shutdown() queues a final uptime gauge, closes the connection through its own
// pointer and only then runs the pending callbacks, so the queued lambda sends
// on the closed connection: the shared_ptr keeps the object alive, not open.
// The heartbeat callback holds a weak_ptr and checks isClosed() on the locked
// pointer, which is fine.
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class StatsdConnection {
public:
  explicit StatsdConnection(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("statsd: send on closed connection to " + endpoint_);
    datagrams_.push_back(line);
  }
  void close() {
    closed_ = true;
    datagrams_.clear();
  }
  bool isClosed() const { return closed_; }

private:
  std::string endpoint_;
  std::vector<std::string> datagrams_;
  bool closed_ = false;
};

class EventLoop {
public:
  void post(std::function<void()> fn) { pending_.push_back(std::move(fn)); }
  void runPending() {
    while (!pending_.empty()) {
      auto fn = std::move(pending_.front());
      pending_.pop_front();
      fn();
    }
  }

private:
  std::deque<std::function<void()>> pending_;
};

class MetricsReporter {
public:
  MetricsReporter(EventLoop &loop, std::shared_ptr<StatsdConnection> conn)
      : loop_(loop), conn_(std::move(conn)) {}

  void gauge(const std::string &name, double value) {
    std::string line = name + ":" + std::to_string(value) + "|g";
    loop_.post([conn = conn_, line] {
      conn->send(line); // SAME: queued
    });
  }

  void scheduleHeartbeat() {
    std::weak_ptr<StatsdConnection> weak = conn_;
    loop_.post([weak] {
      if (auto conn = weak.lock())
        if (!conn->isClosed())
          conn->send("service.heartbeat:1|c"); // OK: isClosed() checked on the locked pointer
    });
  }

  void shutdown(double uptimeSeconds) {
    scheduleHeartbeat();
    gauge("service.uptime", uptimeSeconds);
    conn_->close();
    loop_.runPending(); // BUG: use-after-close #queued
  }

private:
  EventLoop &loop_;
  std::shared_ptr<StatsdConnection> conn_;
};

void runService(double uptime) {
  EventLoop loop;
  auto conn = std::make_shared<StatsdConnection>("127.0.0.1:8125");
  MetricsReporter reporter(loop, conn);
  reporter.gauge("service.started", 1);
  loop.runPending(); // OK: nothing has closed the connection yet
  reporter.shutdown(uptime);
}
