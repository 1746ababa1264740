// API gateway plumbing: an EventLoop runs periodic callbacks, and a Bus
// delivers published messages to subscribed handlers, both synchronously
// on the control thread. Callbacks capture the connections they write to
// (net::Connection, netconn.h: send()/flush() throw "connection closed"
// once close() was called; close() is idempotent).
#include "netconn.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gw {

// EventLoop: every() registers a named periodic callback, cancel() removes
// it, tick() runs each registered callback once.
class EventLoop {
public:
  void every(const std::string &Name, std::function<void()> Fn) { Periodic[Name] = std::move(Fn); }
  void cancel(const std::string &Name) { Periodic.erase(Name); }
  void tick();

private:
  std::map<std::string, std::function<void()>> Periodic;
};

void EventLoop::tick() {
  for (auto &Entry : Periodic)
    Entry.second();
}

// Bus: subscribe() returns a token, unsubscribe() removes the handler,
// publish() calls every handler of the topic in subscription order.
class Bus {
public:
  using Handler = std::function<void(const std::string &)>;
  int subscribe(const std::string &Topic, Handler H);
  void unsubscribe(int Token) { Handlers.erase(Token); }
  void publish(const std::string &Topic, const std::string &Msg);

private:
  std::map<int, std::pair<std::string, Handler>> Handlers;
  int NextToken = 1;
};

int Bus::subscribe(const std::string &Topic, Handler H) {
  Handlers[NextToken] = {Topic, std::move(H)};
  return NextToken++;
}

void Bus::publish(const std::string &Topic, const std::string &Msg) {
  for (auto &Entry : Handlers)
    if (Entry.second.first == Topic)
      Entry.second.second(Msg);
}

class Gateway {
public:
  Gateway(EventLoop &Loop, std::shared_ptr<net::Connection> Upstream)
      : Loop(Loop), Upstream(std::move(Upstream)) {}
  void start();
  void shutdown();
  void drainAndStop();

private:
  EventLoop &Loop;
  std::shared_ptr<net::Connection> Upstream;
};

void Gateway::start() {
  Loop.every("keepalive", [this] {
    Upstream->send("keepalive"); // SAME: keepalive
  });
  Loop.every("stats", [W = std::weak_ptr<net::Connection>(Upstream)] {
    std::shared_ptr<net::Connection> C = W.lock();
    if (C && !C->isClosed())
      C->send("stats"); // OK: checked isClosed() first
  });
}

void Gateway::shutdown() {
  Upstream->flush();
  Upstream->close();
  Loop.tick(); // BUG: use-after-close #keepalive
}

void Gateway::drainAndStop() {
  Loop.cancel("keepalive");
  Upstream->flush();
  Upstream->close();
  Loop.tick(); // OK: keepalive was cancelled, stats checks isClosed()
}

// Forwards "alert" messages to the on-call pager connection.
class PagerForwarder {
public:
  PagerForwarder(Bus &TheBus, net::Connection &PagerConn);
  void mute();
  void detach();

private:
  Bus &B;
  net::Connection &Pager;
  int Token = 0;
};

PagerForwarder::PagerForwarder(Bus &TheBus, net::Connection &PagerConn)
    : B(TheBus), Pager(PagerConn) {
  Token = B.subscribe("alert", [this](const std::string &Msg) {
    Pager.send("page " + Msg); // SAME: pager
  });
}

void PagerForwarder::mute() { Pager.close(); }

void PagerForwarder::detach() {
  B.unsubscribe(Token);
  Pager.close();
}

void onOverload(Bus &B, PagerForwarder &Pager) {
  // During an overload the pager is silenced; the alert still goes to the
  // other subscribers (audit log, dashboards).
  Pager.mute();
  B.publish("alert", "gateway overloaded"); // BUG: use-after-close #pager
}

void onMaintenance(Bus &B, PagerForwarder &Pager) {
  Pager.detach();
  B.publish("alert", "maintenance window started"); // OK: handler unsubscribed before the close
}

} // namespace gw
