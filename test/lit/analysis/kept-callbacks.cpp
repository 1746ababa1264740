// A class that keeps the callables it is given and calls them later on the
// caller's thread (a dispatcher, a signal, a timer wheel the caller polls):
// what a kept callable uses is used by the call that runs it. Which methods
// keep, run and drop callables, and by which key, is read from the class's
// code, not from its names.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- %cxxflags -std=c++17 | FileCheck %s --check-prefix=LIST
#include "streaming.h"
#include <cstddef>
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
    std::vector<Handler> snapshot = found->second;
    for (Handler &handler : snapshot)
      handler(payload);
  }

private:
  std::map<std::string, std::vector<Handler>> handlers_;
};

// LIST: Dispatcher: keeps callables and calls them on the caller's thread
// LIST-NEXT:   store   on()  {{.*}}kept-callbacks.cpp:20: keeps its callable in 'handlers_' by parameter 1
// LIST-NEXT:   run     emit()  {{.*}}kept-callbacks.cpp:29: calls the callables of 'handlers_' by parameter 1
// LIST-NEXT:   drop    off()  {{.*}}kept-callbacks.cpp:22: removes callables from 'handlers_' by parameter 1

void emitAfterClose(AuditChannel &ledger) {
  Dispatcher events;
  events.on("settled", [&ledger](const std::string &p) { ledger.send(p); });
  ledger.close();
  // CHECK: kept-callbacks.cpp:[[@LINE+1]]:10: warning: call to 'emit' runs a callback that uses 'ledger' after it was closed [errlint-send-after-close]
  events.emit("settled", "T-1");
  // CHECK: kept-callbacks.cpp:[[@LINE-3]]:10: note: 'ledger' is closed here
  // CHECK: kept-callbacks.cpp:[[@LINE-5]]:10: note: the callback is kept here by 'on'
  // CHECK: kept-callbacks.cpp:[[@LINE-6]]:65: note: the callback calls 'send' on it here
}

// Emitted before the close; after it only a topic nobody listens to.
void emitBeforeClose(AuditChannel &ledger) {
  Dispatcher events;
  events.on("settled", [&ledger](const std::string &p) { ledger.send(p); });
  events.emit("settled", "T-2");
  ledger.close();
  events.emit("rejected", "T-3");
}

// The handler is removed by its topic before the emit.
void offBeforeEmit(AuditChannel &ledger) {
  Dispatcher events;
  events.on("settled", [&ledger](const std::string &p) { ledger.send(p); });
  ledger.close();
  events.off("settled");
  events.emit("settled", "T-4");
}

// Removing another topic leaves the handler.
void offAnotherTopic(AuditChannel &ledger) {
  Dispatcher events;
  events.on("settled", [&ledger](const std::string &p) { ledger.send(p); });
  ledger.close();
  events.off("rejected");
  // CHECK: kept-callbacks.cpp:[[@LINE+1]]:10: warning: call to 'emit' runs a callback that uses 'ledger' after it was closed [errlint-send-after-close]
  events.emit("settled", "T-5");
}

// A handler that checks the channel first does not fail.
void guardedHandler(AuditChannel &ledger,
                    cassandra::StreamingMultiplexedChannel &ch) {
  Dispatcher events;
  events.on("settled", [&ch](const std::string &p) {
    if (!ch.isClosed())
      ch.sendControlMessage({p});
  });
  ch.close();
  events.emit("settled", "T-6");
  ledger.close();
}

// A topic that is not a constant: which handlers run is not known, so
// nothing is reported.
void topicNotKnown(AuditChannel &ledger, const std::string &topic) {
  Dispatcher events;
  events.on("settled", [&ledger](const std::string &p) { ledger.send(p); });
  ledger.close();
  events.emit(topic, "T-7");
}

template <class... Args> class Signal {
public:
  using Slot = std::function<void(Args...)>;
  std::size_t connect(Slot slot) {
    slots_.emplace_back(next_, std::move(slot));
    return next_++;
  }
  void disconnect(std::size_t id) {
    for (auto it = slots_.begin(); it != slots_.end(); ++it)
      if (it->first == id) {
        slots_.erase(it);
        return;
      }
  }
  void operator()(Args... args) const {
    for (const auto &entry : slots_)
      entry.second(args...);
  }

private:
  std::vector<std::pair<std::size_t, Slot>> slots_;
  std::size_t next_ = 1;
};

class ScopedConnection {
public:
  ScopedConnection(Signal<int> &signal, std::size_t id)
      : signal_(signal), id_(id) {}
  ~ScopedConnection() { signal_.disconnect(id_); }

private:
  Signal<int> &signal_;
  std::size_t id_;
};

void fireAfterClose(kafka::KafkaProducer &producer) {
  Signal<int> changed;
  changed.connect([&producer](int) { producer.send({"t", "v"}); });
  changed(1);
  producer.close();
  // CHECK: kept-callbacks.cpp:[[@LINE+1]]:3: warning: call to 'operator()' runs a callback that uses 'producer' after it was closed [errlint-send-after-close]
  changed(2);
}

void disconnectedFirst(kafka::KafkaProducer &producer) {
  Signal<int> changed;
  std::size_t id = changed.connect([&producer](int) { producer.send({"t", "v"}); });
  changed.disconnect(id);
  producer.close();
  changed(2);
}

// The scoped connection's destructor disconnects the slot.
void scopedConnection(kafka::KafkaProducer &producer) {
  Signal<int> changed;
  {
    ScopedConnection c(changed, changed.connect([&producer](int) {
                         producer.send({"t", "v"});
                       }));
    changed(1);
  }
  producer.close();
  changed(2);
}

/// Runs what is pending, and lets it go: a second run calls nothing kept
/// before the first.
class Deferred {
public:
  void defer(std::function<void()> call) { pending_.push_back(std::move(call)); }
  void runPending() {
    std::vector<std::function<void()>> batch;
    batch.swap(pending_);
    for (auto &call : batch)
      call();
  }

private:
  std::vector<std::function<void()>> pending_;
};

void runThenClose(Deferred &deferred, kafka::KafkaProducer &producer) {
  deferred.defer([&producer] { producer.send({"t", "v"}); });
  deferred.runPending();
  producer.close();
  deferred.runPending();
}

void closeThenRun(Deferred &deferred, kafka::KafkaProducer &producer) {
  deferred.defer([&producer] { producer.send({"t", "v"}); });
  producer.close();
  // CHECK: kept-callbacks.cpp:[[@LINE+1]]:12: warning: call to 'runPending' runs a callback that uses 'producer' after it was closed [errlint-send-after-close]
  deferred.runPending();
}
