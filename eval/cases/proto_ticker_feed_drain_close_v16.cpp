// Market-data ticker plant of a brokerage: quotes and trades from the exchange
// handler are republished to downstream subscribers through MarketDataFeed.
// MarketDataFeed protocol (documented for its users):
//   publish()* -> drain() -> close()
//   drain() flushes the queue to subscribers; after drain() only close() is valid.
//   close() ends the session and is idempotent (a second close() does nothing).
//   reopen() starts the next trading session on a closed feed.
//   publish() or drain() on a closed feed throws std::logic_error("feed closed").
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>

class MarketDataFeed {
public:
  enum class State { Open, Drained, Closed };

  void publish(const std::string &msg) {
    if (state_ != State::Open)
      throw std::logic_error(state_ == State::Closed ? "feed closed" : "feed drained");
    queue_.push_back(msg);
    if (queue_.size() >= 64)
      flush();
  }
  void drain() {
    if (state_ == State::Closed)
      throw std::logic_error("feed closed");
    flush();
    state_ = State::Drained;
  }
  void close() {
    if (state_ == State::Closed)
      return;
    queue_.clear();
    state_ = State::Closed;
  }
  void reopen(const std::string &session) {
    if (state_ != State::Closed)
      throw std::logic_error("reopen of a live feed");
    session_ = session;
    state_ = State::Open;
  }
  State state() const { return state_; }

private:
  void flush() {
    for (const std::string &m : queue_)
      std::printf("[%s] %s\n", session_.c_str(), m.c_str());
    queue_.clear();
  }
  std::deque<std::string> queue_;
  std::string session_ = "pre-open";
  State state_ = State::Open;
};

class TickerPlant {
public:
  void onQuote(const std::string &sym, double bid, double ask) {
    if (halted_)
      return;
    feed_.publish("Q " + sym + " " + std::to_string(bid) + "/" + std::to_string(ask)); // OK: halted feeds return above
  }

  void onTrade(const std::string &sym, double px, int qty) {
    feed_.publish("T " + sym + " " + std::to_string(px) + " x" + std::to_string(qty)); // SAME: afterhalt
  }

  // Exchange-wide circuit breaker: flush what we have and end the session.
  void onMarketHalt() {
    feed_.drain();
    feed_.close();
    halted_ = true;
  }

  void endOfDay() {
    feed_.drain(); // SAME: eod
    feed_.close();
  }

  void endOfDayChecked() {
    if (feed_.state() != MarketDataFeed::State::Closed)
      feed_.drain(); // OK: skipped once a halt closed the feed
    feed_.close(); // OK: close() is idempotent
  }

  void startSession(const std::string &session) {
    feed_.close(); // OK: idempotent, the feed may already be closed by a halt
    feed_.reopen(session);
    halted_ = false;
    feed_.publish("S " + session + " open"); // OK: reopened above
  }

private:
  MarketDataFeed feed_;
  bool halted_ = false;
};

int main() {
  TickerPlant plant;
  plant.startSession("2024-06-03");
  plant.onQuote("ACME", 101.25, 101.30);
  plant.onTrade("ACME", 101.27, 300);
  plant.onMarketHalt();
  plant.onQuote("ACME", 99.10, 99.40); // OK: dropped by the halted_ check
  // Trade prints keep arriving from the exchange after the halt.
  try {
    plant.onTrade("ACME", 99.20, 100); // BUG: use-after-close #afterhalt
  } catch (const std::logic_error &e) {
    std::fprintf(stderr, "plant: %s\n", e.what());
  }
  try {
    plant.endOfDay(); // BUG: use-after-close #eod
  } catch (const std::logic_error &e) {
    std::fprintf(stderr, "plant: %s\n", e.what());
  }
  plant.endOfDayChecked();
  plant.startSession("2024-06-04");
  plant.onTrade("ACME", 100.02, 50); // OK: the new session is open
  plant.endOfDayChecked();
  return 0;
}
