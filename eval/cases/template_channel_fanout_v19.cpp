// Quote fan-out of a market-data gateway (single-threaded event loop).
// Channel<T> buffers values for one subscriber. send() throws
// std::logic_error once the channel is closed, and close() throws
// std::logic_error("channel already closed") when called a second time (a
// double close means two owners think they own the subscriber).
// Fanout<T> holds non-owning pointers to the attached channels; publish()
// sends to each, closeAll() closes each. A channel must be detached before
// it is closed by anyone else.
#include <algorithm>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

template <typename T> class Channel {
public:
  explicit Channel(std::string name) : name_(std::move(name)) {}
  void send(const T &value);
  bool receive(T &out);
  void close();
  bool closed() const { return closed_; }
  size_t backlog() const { return buffer_.size(); }

private:
  std::string name_;
  std::deque<T> buffer_;
  bool closed_ = false;
};

template <typename T> void Channel<T>::send(const T &value) {
  if (closed_)
    throw std::logic_error("send on closed channel " + name_);
  buffer_.push_back(value);
}

template <typename T> bool Channel<T>::receive(T &out) {
  if (buffer_.empty())
    return false;
  out = buffer_.front();
  buffer_.pop_front();
  return true;
}

template <typename T> void Channel<T>::close() {
  if (closed_)
    throw std::logic_error("channel already closed: " + name_);
  closed_ = true;
  buffer_.clear();
}

template <typename T> class Fanout {
public:
  void attach(Channel<T> *ch) { subs_.push_back(ch); }
  void detach(Channel<T> *ch) { subs_.erase(std::remove(subs_.begin(), subs_.end(), ch), subs_.end()); }
  void publish(const T &value) {
    for (Channel<T> *ch : subs_)
      ch->send(value); // SAME: slowsub
  }
  void closeAll() {
    for (Channel<T> *ch : subs_)
      ch->close(); // SAME: closeall
    subs_.clear();
  }

private:
  std::vector<Channel<T> *> subs_;
};

struct Quote {
  std::string symbol;
  double bid = 0, ask = 0;
};

class QuoteGateway {
public:
  QuoteGateway() : risk_("risk"), ui_("ui"), archive_("archive") {
    fanout_.attach(&risk_);
    fanout_.attach(&ui_);
    fanout_.attach(&archive_);
  }
  void onTick(const Quote &q);
  void onArchiverDisconnected(const Quote &lastSeen);
  void onUiLogout();
  void stop();

private:
  static constexpr size_t kMaxBacklog = 10000;
  Channel<Quote> risk_, ui_, archive_;
  Fanout<Quote> fanout_;
};

void QuoteGateway::onTick(const Quote &q) {
  if (ui_.backlog() > kMaxBacklog) {
    // The UI cannot keep up; drop it rather than grow without bound.
    ui_.close();
  }
  fanout_.publish(q); // BUG: use-after-close #slowsub
}

void QuoteGateway::onArchiverDisconnected(const Quote &lastSeen) {
  fanout_.detach(&archive_);
  archive_.close();
  fanout_.publish(lastSeen); // OK: the archive channel was detached before its close
}

void QuoteGateway::onUiLogout() {
  ui_.close();
}

// End of the trading day.
void QuoteGateway::stop() {
  // The archiver is closed on its own after the other subscribers.
  fanout_.detach(&archive_);
  fanout_.closeAll(); // BUG: double-close #closeall
  if (!archive_.closed())
    archive_.close(); // OK: guarded by closed(), and detached before closeAll()
}
