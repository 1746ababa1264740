// A class that clears its batch containers in the same step as it closes its
// channel: `pending_.empty()` in a method that sends only a non-empty batch
// is a flag the close's `pending_.clear()` settles, as a member flag's value
// is. A method that fills a second container only when the batch is not
// empty leaves what the close said of that one where the channel is closed.
// (The outbox is a protocol of its own, queue() throwing once it is shut:
// its shutDown() is its close, which closes the channel member with it.)
// A send that does not test the batch, or a batch refilled after the close
// (`push_back()`), still reaches the closed channel.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

class GlazingChannel {
public:
  void send(const std::string &order) {
    if (closed_)
      throw std::runtime_error("glazing channel closed: " + order);
    sent_ += order.size();
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::size_t sent_ = 0;
};

class LeadingOutbox {
public:
  void queue(const std::string &order) {
    if (shut_)
      throw std::logic_error("outbox shut: " + order);
    pending_.push_back(order);
  }
  void requeue(const std::string &order) { pending_.push_back(order); }
  void flushPending() {
    if (pending_.empty())
      return;
    for (const std::string &o : pending_)
      channel_.send(o);
    backlog_.insert(backlog_.end(), pending_.begin(), pending_.end());
    pending_.clear();
  }
  void resendBacklog() {
    if (backlog_.empty())
      return;
    channel_.send("resend");
    backlog_.clear();
  }
  void flushCounted() {
    if (pending_.size() == 0)
      return;
    channel_.send("batch");
    pending_.clear();
  }
  void ping() { channel_.send("ping"); }
  void shutDown() {
    if (shut_)
      return;
    flushPending();
    channel_.close();
    pending_.clear();
    backlog_.clear();
    shut_ = true;
  }

private:
  GlazingChannel channel_;
  std::vector<std::string> pending_;
  std::vector<std::string> backlog_;
  bool shut_ = false;
};

void closeOfDay(LeadingOutbox &outbox) {
  outbox.queue("rondel x4");
  outbox.shutDown();
  outbox.flushPending();
  outbox.flushCounted();
  outbox.resendBacklog();
  // CHECK: [[@LINE+1]]:10: warning: call to 'ping' uses 'outbox.channel_' that may have been closed [errlint-send-after-close]
  outbox.ping();
}

void lateOrder(LeadingOutbox &outbox) {
  outbox.shutDown();
  outbox.requeue("quarry x12");
  // CHECK: [[@LINE+1]]:10: warning: call to 'flushPending' uses 'outbox.channel_' that may have been closed [errlint-send-after-close]
  outbox.flushPending();
}
