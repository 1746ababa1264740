// Market-data fan-out. Each subscriber gets a FeedChannel owned through
// shared_ptr by the SubscriptionManager and by the tick callback registered
// with the TickDispatcher. unsubscribe() closes the channel and forgets it but
// leaves the callback registered, so the next matching tick sends on the
// closed channel through the callback's copy of the shared_ptr. The watchlist
// callbacks check isClosed() before sending. shutdownAll() closes every
// channel but keeps the map entries, so a later unsubscribe() closes one again.
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

struct Tick {
  std::string symbol;
  double price;
};

// A subscriber's outbound channel. send() throws std::runtime_error after
// close(); close() twice throws std::logic_error.
class FeedChannel {
public:
  explicit FeedChannel(std::string client) : client_(std::move(client)) {}
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("feed closed for " + client_);
    ++sent_;
  }
  void close() {
    if (closed_)
      throw std::logic_error("feed closed twice for " + client_);
    closed_ = true;
  }
  bool isClosed() const { return closed_; }

private:
  std::string client_;
  int sent_ = 0;
  bool closed_ = false;
};

class TickDispatcher {
public:
  using Callback = std::function<void(const Tick &)>;
  int add(Callback cb) {
    callbacks_.emplace(next_, std::move(cb));
    return next_++;
  }
  void remove(int id) { callbacks_.erase(id); }
  void dispatch(const Tick &t) {
    for (auto &entry : callbacks_)
      entry.second(t);
  }

private:
  std::map<int, Callback> callbacks_;
  int next_ = 0;
};

static std::string format(const Tick &t) {
  return t.symbol + " " + std::to_string(t.price);
}

class SubscriptionManager {
public:
  explicit SubscriptionManager(TickDispatcher &d) : dispatcher_(d) {}

  void subscribe(const std::string &client, const std::string &symbol) {
    auto ch = std::make_shared<FeedChannel>(client);
    channels_[client] = ch;
    dispatcher_.add([ch, symbol](const Tick &t) {
      if (t.symbol == symbol)
        ch->send(format(t)); // SAME: stale_callback
    });
  }

  // Watchlist subscriptions tolerate a closed channel.
  void watch(const std::string &client, const std::string &symbol) {
    auto ch = std::make_shared<FeedChannel>(client);
    channels_[client] = ch;
    dispatcher_.add([ch, symbol](const Tick &t) {
      if (t.symbol == symbol && !ch->isClosed())
        ch->send(format(t)); // OK: checked isClosed() just before
    });
  }

  void unsubscribe(const std::string &client) {
    auto it = channels_.find(client);
    if (it == channels_.end())
      return;
    it->second->close(); // SAME: unsub_after_shutdown
    channels_.erase(it);
  }

  void shutdownAll() {
    for (auto &entry : channels_)
      entry.second->close();
  }

private:
  TickDispatcher &dispatcher_;
  std::map<std::string, std::shared_ptr<FeedChannel>> channels_;
};

int main() {
  TickDispatcher dispatcher;
  SubscriptionManager subs(dispatcher);
  subs.subscribe("alice", "ACME");
  subs.watch("bob", "INIT");
  subs.subscribe("carol", "INIT");

  const Tick ticks[] = {{"ACME", 101.5}, {"INIT", 7.25}, {"ACME", 101.75}};
  try {
    dispatcher.dispatch(ticks[0]);
    dispatcher.dispatch(ticks[1]);
    subs.unsubscribe("bob");
    dispatcher.dispatch(ticks[1]); // OK: bob's watchlist callback checks isClosed()
    subs.unsubscribe("alice");
    dispatcher.dispatch(ticks[2]); // BUG: use-after-close #stale_callback
  } catch (const std::exception &e) {
    std::cerr << "dispatch failed: " << e.what() << "\n";
  }

  try {
    subs.shutdownAll();
    subs.unsubscribe("carol"); // BUG: double-close #unsub_after_shutdown
  } catch (const std::exception &e) {
    std::cerr << "shutdown failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
