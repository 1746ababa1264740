// VoIP call routing. A CallRouter shares its SIP signalling trunk and its RTP
// media trunk (net::Connection: send() throws "connection closed" once
// closed, close() is idempotent) with handlers registered on an event
// dispatcher. Handlers are std::function callbacks fired later, when DTMF
// digits or hold events arrive. Defects: the DTMF handler keeps a shared_ptr
// copy of the signalling trunk and sends on it after the router tore the trunk
// down on a carrier failover; the billing reporter keeps its own shared_ptr
// and sends the call-detail record after the router closed the trunk.
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace voip {

class EventDispatcher {
public:
  using Handler = std::function<void(const std::string &)>;
  void on(const std::string &event, Handler h) { handlers_[event].push_back(std::move(h)); }
  void fire(const std::string &event, const std::string &arg) {
    auto it = handlers_.find(event);
    if (it == handlers_.end())
      return;
    for (auto &h : it->second) {
      try {
        h(arg);
      } catch (const std::exception &e) {
        std::fprintf(stderr, "handler for %s failed: %s\n", event.c_str(), e.what());
      }
    }
  }

private:
  std::map<std::string, std::vector<Handler>> handlers_;
};

class BillingReporter {
public:
  explicit BillingReporter(std::shared_ptr<net::Connection> trunk) : trunk_(std::move(trunk)) {}
  void callEnded(const std::string &callId, int seconds) {
    trunk_->send("CDR " + callId + " " + std::to_string(seconds)); // SAME: cdr_after_failover
  }

private:
  std::shared_ptr<net::Connection> trunk_;
};

class CallRouter {
public:
  CallRouter(EventDispatcher &events, const std::string &carrier)
      : events_(events),
        signalling_(std::make_shared<net::Connection>("sip://" + carrier)),
        media_(std::make_shared<net::Connection>("rtp://" + carrier)) {}

  void registerHandlers() {
    auto trunk = signalling_;
    events_.on("dtmf", [trunk](const std::string &digit) {
      trunk->send("INFO dtmf=" + digit); // BUG: use-after-close
    });
    std::weak_ptr<net::Connection> weakMedia = media_;
    events_.on("hold", [weakMedia](const std::string &callId) {
      auto media = weakMedia.lock();
      if (media && !media->isClosed())
        media->send("PAUSE " + callId); // OK: checked isClosed() after lock()
    });
  }

  std::shared_ptr<net::Connection> signalling() const { return signalling_; }

  // Carrier failover: the old trunks are unusable, close them.
  void failover() {
    signalling_->close();
    media_->close();
  }

  void keepalive() {
    if (!signalling_->isClosed())
      signalling_->send("OPTIONS"); // OK: guarded by isClosed()
  }

  void reconnect(const std::string &carrier) {
    signalling_ = std::make_shared<net::Connection>("sip://" + carrier);
    signalling_->send("REGISTER"); // OK: a new connection replaced the closed one
  }

private:
  EventDispatcher &events_;
  std::shared_ptr<net::Connection> signalling_;
  std::shared_ptr<net::Connection> media_;
};

} // namespace voip

void handleCarrierOutage() {
  voip::EventDispatcher events;
  voip::CallRouter router(events, "carrier-a.example");
  router.registerHandlers();
  voip::BillingReporter billing(router.signalling());

  events.fire("dtmf", "5");
  billing.callEnded("call-17", 42);

  router.failover();
  router.keepalive();
  events.fire("hold", "call-18");
  events.fire("dtmf", "9");
  router.reconnect("carrier-b.example");
  router.keepalive();
  billing.callEnded("call-18", 7); // BUG: use-after-close #cdr_after_failover
}
