// Streaming progress to a peer through callbacks that hold only a weak_ptr
// to the channel. A ProgressFeed stores listeners and calls them, on the
// calling thread, from publish(). guardedReporter() locks the weak_ptr and
// sends only if the channel is still there and not closed, so a publish after
// the owner closed the channel (and kept or released it) sends nothing
// (correct). TransferSession closes its channel and then resets its only
// owner, so its listener's lock() returns null afterwards (correct).
// closeWithoutRelease() registers a listener that locks without checking
// isClosed(); the channel was closed but is still owned, so the lock succeeds
// and the progress goes to a closed channel (bug).
#include "messaging.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using cassandra::StreamingMultiplexedChannel;

class ProgressFeed {
public:
  using Listener = std::function<void(int percent)>;

  void listen(Listener listener) { listeners_.push_back(std::move(listener)); }

  void publish(int percent) {
    for (Listener &listener : listeners_)
      listener(percent);
  }

private:
  std::vector<Listener> listeners_;
};

ProgressFeed::Listener guardedReporter(std::weak_ptr<StreamingMultiplexedChannel> weak) {
  return [weak](int percent) {
    if (auto c = weak.lock(); c && !c->isClosed())
      c->sendControlMessage({"PROGRESS", std::to_string(percent)}); // OK
  };
}

void closeAndRelease() {
  ProgressFeed feed;
  auto channel = std::make_shared<StreamingMultiplexedChannel>();
  feed.listen(guardedReporter(channel));
  feed.publish(10); // OK
  channel->close();
  channel.reset();
  feed.publish(100); // OK
}

void closeAndKeep() {
  ProgressFeed feed;
  auto channel = std::make_shared<StreamingMultiplexedChannel>();
  feed.listen(guardedReporter(channel));
  feed.publish(50); // OK
  channel->close();
  feed.publish(100); // OK
}

class TransferSession {
public:
  explicit TransferSession(ProgressFeed &feed)
      : channel_(std::make_shared<StreamingMultiplexedChannel>()) {
    std::weak_ptr<StreamingMultiplexedChannel> weak = channel_;
    feed.listen([weak](int percent) {
      if (auto c = weak.lock())
        c->sendControlMessage({"PROGRESS", std::to_string(percent)}); // OK
    });
  }

  void finish() {
    channel_->close();
    channel_.reset();
  }

private:
  std::shared_ptr<StreamingMultiplexedChannel> channel_;
};

void sessionLifetime() {
  ProgressFeed feed;
  TransferSession session(feed);
  feed.publish(40); // OK
  session.finish();
  feed.publish(100); // OK
}

void closeWithoutRelease() {
  ProgressFeed feed;
  auto channel = std::make_shared<StreamingMultiplexedChannel>();
  std::weak_ptr<StreamingMultiplexedChannel> weak = channel;
  feed.listen([weak](int percent) {
    if (auto c = weak.lock())
      c->sendControlMessage({"PROGRESS", std::to_string(percent)}); // SAME: unguarded
  });
  channel->close();
  feed.publish(100); // BUG: use-after-close #unguarded
}
