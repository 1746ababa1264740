// Scope guards holding a lambda (built directly or by a factory such as
// makeScopeExit): a lambda that captured `this` closes the creator's member
// when the guard is destroyed; a guard's second close is reported where the
// lambda closes, with the end of the scope as a note. A closing deleter of a
// unique_ptr that holds the object only on some paths closes it on those.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

template <typename Fn> class ScopeExit {
public:
  explicit ScopeExit(Fn fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  Fn fn_;
  bool armed_ = true;
};
template <typename Fn> ScopeExit<Fn> makeScopeExit(Fn fn) {
  return ScopeExit<Fn>(std::move(fn));
}
template <typename Fn> class Finally {
public:
  explicit Finally(Fn fn) : fn_(std::move(fn)) {}
  ~Finally() { fn_(); }

private:
  Fn fn_;
};
template <typename Fn> Finally<Fn> finally(Fn fn) {
  return Finally<Fn>(std::move(fn));
}

class Uplink {
public:
  void write(const std::string &row) {
    if (down_)
      throw std::runtime_error("uplink disconnected");
    last_ = row;
  }
  void disconnect() {
    if (down_)
      throw std::logic_error("uplink already disconnected");
    down_ = true;
  }

private:
  std::string last_;
  bool down_ = false;
};

class Exporter {
public:
  explicit Exporter(Uplink &u) : up_(u) {}
  void byFactory() {
    {
      auto hangUp = makeScopeExit([this] { up_.disconnect(); });
      up_.write("rows");
    }
    // CHECK: guard-lambdas.cpp:[[@LINE+1]]:9: warning: call to 'write' on 'up_' after it was closed
    up_.write("summary");
  }
  void direct() {
    {
      ScopeExit hangUp([this] { up_.disconnect(); });
      up_.write("rows");
    }
    // CHECK: guard-lambdas.cpp:[[@LINE+1]]:9: warning: call to 'write' on 'up_' after it was closed
    up_.write("summary");
  }
  void dismissed() {
    {
      auto hangUp = makeScopeExit([this] { up_.disconnect(); });
      up_.write("rows");
      hangUp.dismiss();
    }
    up_.write("summary");
  }
  void twice() {
    auto done = finally([this] {
      // CHECK: guard-lambdas.cpp:[[@LINE+1]]:11: warning: 'disconnect' closes 'up_' a second time
      up_.disconnect();
    });
    up_.disconnect();
    // CHECK: guard-lambdas.cpp:[[@LINE+1]]:3: note: it closes it again here, where 'done' is destroyed
  }

private:
  Uplink &up_;
};

struct CloseProducer {
  void operator()(kafka::KafkaProducer *p) const { p->close(); }
};
using ProducerCloser = std::unique_ptr<kafka::KafkaProducer, CloseProducer>;

void closerArmedOnOnePath(kafka::KafkaProducer &p, bool last,
                          const kafka::ProducerRecord &r) {
  {
    ProducerCloser closer;
    if (last)
      closer.reset(&p);
  }
  // CHECK: guard-lambdas.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' that may have been closed
  p.send(r);
}

void closerNeverArmed(kafka::KafkaProducer &p, const kafka::ProducerRecord &r) {
  {
    ProducerCloser closer;
  }
  p.send(r);
}

// A guard that tests its own flag (`if (armed_) fn_();`) and that nobody
// dismissed still has the flag its member initializer set: its second close
// is certain. Dismissed, it closes nothing.
void explicitThenGuarded(Uplink &up) {
  {
    auto hangUp = makeScopeExit([&up] {
      // CHECK: guard-lambdas.cpp:[[@LINE+1]]:10: warning: 'disconnect' closes 'up' a second time
      up.disconnect();
    });
    up.disconnect();
  }
  // CHECK: guard-lambdas.cpp:[[@LINE+1]]:6: warning: call to 'write' on 'up' after it was closed
  up.write("after");
}
void explicitThenDismissed(Uplink &up) {
  auto hangUp = makeScopeExit([&up] { up.disconnect(); });
  hangUp.dismiss();
  up.disconnect();
}
