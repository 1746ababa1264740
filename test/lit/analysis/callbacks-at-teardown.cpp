// Callables a class's start() leaves with a member registry fire when its
// stop() runs the registry, after stop() shut the hub they publish on:
//  - start() calls stop() on its failure path, so stop() is first met
//    while start() is summarized; its own analysis still sees what start()
//    left (what a method leaves its siblings does not depend on which one
//    is analyzed first);
//  - the hub's shutdown() joins its dispatcher thread (a wait on a pool
//    errlint knows by what it does) and closes its event queue: the wait
//    ends the hub's tasks and the close is its summary's to say;
//  - a call that leaves a registry of another class (the agent leaving the
//    hub) does not take the callables out of the device registry.
// A bus whose emit() picks handlers by what the event names, in a way
// errlint cannot name (`s.name == e.name`), is not taken to run a handler
// subscribed under another name. One that matches the topic it is given
// with the one each handler was subscribed with (`s.topic == topic`) runs
// the handlers subscribed under the same constant, and no other.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class EventQueue {
public:
  void push(std::string E) {
    std::lock_guard<std::mutex> L(M);
    if (Closed)
      throw std::runtime_error("event queue closed");
    Q.push_back(std::move(E));
  }
  void close() {
    std::lock_guard<std::mutex> L(M);
    Closed = true;
  }

private:
  std::mutex M;
  bool Closed = false;
  std::deque<std::string> Q;
};

/// Runs its subscribers on its own dispatcher thread.
class FanoutHub {
public:
  void start() { Dispatcher = std::thread([this] { loop(); }); }
  void subscribe(std::function<void(const std::string &)> Fn) {
    std::lock_guard<std::mutex> L(SubsM);
    Subs.push_back(std::move(Fn));
  }
  void unsubscribeAll() {
    std::lock_guard<std::mutex> L(SubsM);
    Subs.clear();
  }
  void publish(const std::string &E) { Events.push(E); }
  void shutdown() {
    Events.close();
    if (Dispatcher.joinable())
      Dispatcher.join();
  }

private:
  void loop() {
    std::vector<std::function<void(const std::string &)>> Copy;
    {
      std::lock_guard<std::mutex> L(SubsM);
      Copy = Subs;
    }
    for (auto &Fn : Copy)
      Fn("tick");
  }
  EventQueue Events;
  std::mutex SubsM;
  std::vector<std::function<void(const std::string &)>> Subs;
  std::thread Dispatcher;
};

class DeviceRegistry {
public:
  void setEvictionHook(std::function<void(const std::string &)> H) {
    Hook = std::move(H);
  }
  void closeAll() {
    auto H = Hook;
    if (H)
      H("all");
  }

private:
  std::function<void(const std::string &)> Hook;
};

class Agent {
public:
  explicit Agent(FanoutHub &H) : H(H) {}
  void leave() { H.unsubscribeAll(); }

private:
  FanoutHub &H;
};

bool listen();

class EdgeBridge {
public:
  bool start() {
    HubPtr->start();
    Registry->setEvictionHook(
        [this](const std::string &Id) { HubPtr->publish("offline " + Id); });
    if (!listen()) {
      stop();
      return false;
    }
    return true;
  }
  void stop() {
    Link.leave();
    HubPtr->shutdown();
    // CHECK: callbacks-at-teardown.cpp:[[@LINE+1]]:15: warning: call to 'closeAll' runs a callback that uses 'HubPtr.Events' after it was closed [errlint-use-after-close]
    Registry->closeAll();
  }
  void stopInOrder() {
    Registry->closeAll();
    HubPtr->shutdown();
  }

private:
  std::unique_ptr<FanoutHub> HubPtr = std::make_unique<FanoutHub>();
  std::unique_ptr<DeviceRegistry> Registry = std::make_unique<DeviceRegistry>();
  Agent Link{*HubPtr};
};

struct Event {
  std::string Name;
  std::string Detail;
};

class LifecycleBus {
public:
  void subscribe(std::string Name, std::function<void(const Event &)> Fn) {
    Subs.push_back({std::move(Name), std::move(Fn)});
  }
  void emit(const Event &E) {
    for (auto &S : Subs)
      if (S.Name == E.Name)
        S.Fn(E);
  }

private:
  struct Sub {
    std::string Name;
    std::function<void(const Event &)> Fn;
  };
  std::vector<Sub> Subs;
};

class Courier {
public:
  void send(const std::string &M) {
    if (Closed)
      throw std::runtime_error("courier closed");
    Last = M;
  }
  void close() { Closed = true; }

private:
  bool Closed = false;
  std::string Last;
};

void lifecycle(LifecycleBus &B, Courier &Out) {
  B.subscribe("delivery.done", [&Out](const Event &E) { Out.send(E.Detail); });
  Out.close();
  B.emit(Event{"queue.stopped", ""});
}

class TopicBus {
public:
  void subscribe(const std::string &Topic, std::function<void()> Fn) {
    Subs.push_back({Topic, std::move(Fn)});
  }
  void publish(const std::string &Topic) {
    for (auto &S : Subs)
      if (S.Topic == Topic)
        S.Fn();
  }

private:
  struct Sub {
    std::string Topic;
    std::function<void()> Fn;
  };
  std::vector<Sub> Subs;
};

void topics(TopicBus &B, Courier &Out) {
  B.subscribe("orders", [&Out] { Out.send("order"); });
  Out.close();
  B.publish("refunds");
  // CHECK: callbacks-at-teardown.cpp:[[@LINE+1]]:5: warning: call to 'publish' runs a callback that uses 'Out' after it was closed [errlint-use-after-close]
  B.publish("orders");
}
