// A callback kept by another object's registry uses the sentry's channel
// only past `if (stopped_) return;`, and the sentry's shutdown() closes the
// channel and sets stopped_ in the same critical section: a raise() after
// the shutdown runs the callback, which returns before it reaches the
// closed channel. A sentry whose callback does not test the flag sends on
// the closed channel when raise() runs it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <mutex>
#include <string>
#include <vector>
#include "streaming.h"

struct Alarm {
  std::string source, text;
};

class AlarmBoard {
public:
  void watch(std::function<void(const Alarm &)> fn) {
    watchers_.push_back(std::move(fn));
  }
  void raise(const Alarm &a) {
    for (auto &fn : watchers_)
      fn(a);
  }

private:
  std::vector<std::function<void(const Alarm &)>> watchers_;
};

class GuardedSentry {
public:
  explicit GuardedSentry(kafka::KafkaProducer &out) : out_(&out) {}
  void attach(AlarmBoard &board) {
    board.watch([this](const Alarm &a) { report(a.text); });
  }
  void report(const std::string &text) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    out_->send({"fringes", text});
  }
  void shutdown() {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    out_->close();
    stopped_ = true;
  }

private:
  std::mutex mu_;
  kafka::KafkaProducer *out_;
  bool stopped_ = false;
};

class PlainSentry {
public:
  explicit PlainSentry(kafka::KafkaProducer &out) : out_(&out) {}
  void attach(AlarmBoard &board) {
    board.watch([this](const Alarm &a) { report(a.text); });
  }
  void report(const std::string &text) { out_->send({"fringes", text}); }
  void shutdown() { out_->close(); }

private:
  kafka::KafkaProducer *out_;
};

void quiesce(AlarmBoard &board, kafka::KafkaProducer &out) {
  GuardedSentry sentry(out);
  sentry.attach(board);
  sentry.shutdown();
  board.raise({"dishd", "fringe sentry stopped"});
}

void quiescePlain(AlarmBoard &board, kafka::KafkaProducer &out) {
  PlainSentry sentry(out);
  sentry.attach(board);
  sentry.shutdown();
  board.raise({"dishd", "fringe sentry stopped"});
  // CHECK: [[@LINE-1]]:9: warning: call to 'raise' runs a callback that uses 'sentry.out_' {{.*}}closed
}
