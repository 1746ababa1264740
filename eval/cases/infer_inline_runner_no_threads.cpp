// Two ways of deferring work without any thread. DeferredCalls keeps the
// submitted callables in a vector and runs them on the caller's thread when
// the event loop calls runPending() (calls submitted while it runs are run in
// the same pass). InlineRunner::post() runs the callable on the spot. In
// every function below the sends have run, on this thread, before the close,
// and nothing touches the channel or producer after it, so all of it is
// correct (negative case).
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

class DeferredCalls {
public:
  void submit(std::function<void()> call) { pending_.push_back(std::move(call)); }

  void runPending() {
    while (!pending_.empty()) {
      std::vector<std::function<void()>> batch;
      batch.swap(pending_);
      for (std::function<void()> &call : batch)
        call();
    }
  }

  bool idle() const { return pending_.empty(); }

private:
  std::vector<std::function<void()>> pending_;
};

class InlineRunner {
public:
  template <class F> void post(F &&f) { std::forward<F>(f)(); }
};

void completeSession(DeferredCalls &deferred, cassandra::StreamingMultiplexedChannel &channel,
                     const std::vector<std::string> &summaries) {
  for (const std::string &summary : summaries)
    deferred.submit([&channel, summary] {
      channel.sendControlMessage({"SUMMARY", summary}); // OK
    });
  deferred.runPending();
  channel.close(); // OK
  deferred.submit([] { std::puts("session closed"); });
  deferred.runPending();
}

void announceShutdown(InlineRunner &runner, kafka::KafkaProducer &producer) {
  runner.post([&producer] {
    producer.send({"audit", "shutdown"}); // OK
  });
  producer.close(); // OK
}
