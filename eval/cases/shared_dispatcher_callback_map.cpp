// A topic Dispatcher keeps std::function handlers per topic in a map:
// on(topic, fn) adds one, off(topic) drops the topic's handlers, emit(topic,
// payload) runs them on the calling thread. The settlement handlers capture
// the ledger channel by reference and send on it. settleAfterClose() closes
// the ledger and then emits the topic: the handler sends on the closed
// channel (bug). settleBeforeClose() emits before the close, and after it
// only emits a topic nobody listens to (correct). unsubscribeThenEmit()
// closes the ledger but removes the handler with off() before emitting
// (correct).
#include "messaging.h"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

class Dispatcher {
public:
  using Handler = std::function<void(const std::string &)>;

  void on(const std::string &topic, Handler handler) {
    handlers_[topic].push_back(std::move(handler));
  }

  void off(const std::string &topic) { handlers_.erase(topic); }

  void emit(const std::string &topic, const std::string &payload) {
    auto found = handlers_.find(topic);
    if (found == handlers_.end())
      return;
    std::vector<Handler> snapshot = found->second; // handlers may call on()/off()
    for (Handler &handler : snapshot)
      handler(payload);
  }

private:
  std::map<std::string, std::vector<Handler>> handlers_;
};

void settleAfterClose(EventChannel &ledger) {
  Dispatcher events;
  events.on("trade.settled", [&ledger](const std::string &payload) {
    ledger.send("settled " + payload); // SAME: settled
  });
  ledger.close();
  events.emit("trade.settled", "T-1182"); // BUG: use-after-close #settled
}

void settleBeforeClose(EventChannel &ledger) {
  Dispatcher events;
  events.on("trade.settled", [&ledger](const std::string &payload) {
    ledger.send("settled " + payload); // OK
  });
  events.emit("trade.settled", "T-1183"); // OK
  ledger.close();
  events.emit("trade.rejected", "T-1184"); // OK: no handler on that topic
}

void unsubscribeThenEmit(EventChannel &ledger) {
  Dispatcher events;
  events.on("trade.settled", [&ledger](const std::string &payload) {
    ledger.send("settled " + payload); // OK
  });
  ledger.close();
  events.off("trade.settled");
  events.emit("trade.settled", "T-1185"); // OK
}
