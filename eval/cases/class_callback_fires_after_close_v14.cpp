// Market-data gateway. TickBus (this service's class) keeps the callbacks
// registered with subscribe() and calls each of them from publish() until it
// is removed with unsubscribe(); publish() counts a callback that throws. net::Connection::send() throws once closed.
//  - QuoteForwarder::attach() registers a callback that sends every tick on
//    its member connection; detachAndClose() closes the connection but never
//    unsubscribes, so the next publish() fires the callback on the closed
//    connection (defect).
//  - TradeRecorder registers a callback capturing a weak_ptr to its
//    connection and checks isClosed(); its close() also unsubscribes first,
//    so later publishes never reach the closed connection (correct).
//  - SnapshotJob::begin() registers a completion callback that captures the
//    control connection; cancel() closes it, and the completion still fires
//    from the bus afterwards (defect).
#include "netconn.h"

#include <functional>
#include <exception>
#include <map>
#include <memory>
#include <string>

struct Tick {
  std::string symbol;
  double price;
};

class TickBus {
public:
  int subscribe(std::function<void(const Tick &)> cb) {
    callbacks_[nextId_] = std::move(cb);
    return nextId_++;
  }
  void unsubscribe(int id) { callbacks_.erase(id); }
  // A failing subscriber is counted and must not stop delivery to the others.
  void publish(const Tick &t) {
    for (auto &entry : callbacks_) {
      try {
        entry.second(t);
      } catch (const std::exception &) {
        ++failures_;
      }
    }
  }
  long failures() const { return failures_; }

private:
  std::map<int, std::function<void(const Tick &)>> callbacks_;
  int nextId_ = 1;
  long failures_ = 0;
};

class QuoteForwarder {
public:
  explicit QuoteForwarder(const std::string &endpoint) : conn_(endpoint) {}
  void attach(TickBus &bus) {
    bus.subscribe([this](const Tick &t) {
      conn_.send(t.symbol + " " + std::to_string(t.price)); // SAME: quotes
    });
  }
  void detachAndClose() { conn_.close(); }

private:
  net::Connection conn_;
};

class TradeRecorder {
public:
  TradeRecorder(TickBus &bus, const std::string &endpoint)
      : bus_(bus), conn_(std::make_shared<net::Connection>(endpoint)) {
    std::weak_ptr<net::Connection> weak = conn_;
    id_ = bus_.subscribe([weak](const Tick &t) {
      if (auto c = weak.lock(); c && !c->isClosed())
        c->send("TRADE " + t.symbol); // OK: checks isClosed() under its own capture
    });
  }
  void close() {
    bus_.unsubscribe(id_);
    conn_->close();
  }

private:
  TickBus &bus_;
  std::shared_ptr<net::Connection> conn_;
  int id_ = 0;
};

class SnapshotJob {
public:
  explicit SnapshotJob(const std::string &controlEndpoint)
      : control_(std::make_shared<net::Connection>(controlEndpoint)) {}
  void begin(TickBus &bus, const std::string &symbol) {
    auto control = control_;
    bus.subscribe([control, symbol](const Tick &t) {
      if (t.symbol == symbol)
        control->send("SNAPSHOT-DONE " + symbol); // SAME: snapshot
    });
    control_->send("SNAPSHOT-BEGIN " + symbol);
  }
  void cancel() { control_->close(); }

private:
  std::shared_ptr<net::Connection> control_;
};

int main() {
  TickBus quotesBus, tradesBus, snapshotBus;

  TradeRecorder recorder(tradesBus, "trades.internal:5100");
  tradesBus.publish({"AAPL", 189.3});
  recorder.close();
  tradesBus.publish({"AAPL", 189.4}); // OK: the recorder unsubscribed before closing

  SnapshotJob job("control.internal:5200");
  job.begin(snapshotBus, "MSFT");
  snapshotBus.publish({"AAPL", 189.4});
  job.cancel();
  snapshotBus.publish({"MSFT", 411.2}); // BUG: use-after-close #snapshot

  QuoteForwarder forwarder("quotes.internal:5000");
  forwarder.attach(quotesBus);
  quotesBus.publish({"AAPL", 189.5});
  forwarder.detachAndClose();
  quotesBus.publish({"AAPL", 189.6}); // BUG: use-after-close #quotes
  return quotesBus.failures() + snapshotBus.failures() > 0 ? 1 : 0;
}
