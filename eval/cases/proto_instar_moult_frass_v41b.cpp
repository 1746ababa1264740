// Larval growth monitor. A scale under each rearing pot weighs the larva (and
// its frass) every few minutes; the readings go through a FrassFeed, a small
// Go-style channel of the project's own (push() after close() throws "push on
// closed frass feed", a second close() throws "close of closed frass feed",
// pop() drains what is left and then returns nullopt). InstarTracker follows
// the larva through its moults with a state enum and closes its feed when the
// larva pupates; the logger thread drains every feed.
// Mistakes: InstarTracker::on_weigh() still pushes in the Pupated state (the
// pupa is weighed for the growth curve, but the feed was closed at
// pupation); finish_season() closes every tracker's feed, including those of
// larvae that already pupated.
#include <deque>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

class FrassFeed {
public:
  void push(double grams) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("push on closed frass feed");
    readings_.push_back(grams);
    ready_.notify_one();
  }
  std::optional<double> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !readings_.empty(); });
    if (readings_.empty())
      return std::nullopt;
    double g = readings_.front();
    readings_.pop_front();
    return g;
  }
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (closed_)
        throw std::runtime_error("close of closed frass feed");
      closed_ = true;
    }
    ready_.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

private:
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<double> readings_;
  bool closed_ = false;
};

class InstarTracker {
public:
  enum class State { Feeding, Moulting, Pupated };
  static constexpr int kFinalInstar = 5;

  void on_moult_start() {
    if (state_ == State::Feeding)
      state_ = State::Moulting;
  }
  void on_moult_done() {
    if (state_ != State::Moulting)
      return; // a spurious gate event: only a moult in progress can finish
    ++instar_;
    if (instar_ > kFinalInstar) {
      state_ = State::Pupated;
      feed_.close(); // the larva has pupated: no more feeding data
      return;
    }
    state_ = State::Feeding;
    feed_.push(0.0); // OK: the feed is closed only on the pupation path, which returned
  }
  void on_weigh(double grams) {
    switch (state_) {
    case State::Moulting:
      return; // larvae do not feed while moulting; the scale reading is noise
    case State::Feeding:
    case State::Pupated: // the pupa is still weighed for the growth curve
      feed_.push(grams); // BUG: use-after-close
      break;
    }
  }
  FrassFeed &feed() { return feed_; }
  State state() const { return state_; }

private:
  State state_ = State::Feeding;
  int instar_ = 1;
  FrassFeed feed_;
};

double drain_feed(FrassFeed &feed) {
  double total = 0;
  while (std::optional<double> g = feed.pop()) // OK: pop() drains after close() and then stops
    total += *g;
  return total;
}

void finish_season(std::vector<InstarTracker> &pots) {
  for (InstarTracker &t : pots)
    t.feed().close(); // BUG: double-close
}

void finish_season_checked(std::vector<InstarTracker> &pots) {
  for (InstarTracker &t : pots)
    if (t.state() != InstarTracker::State::Pupated)
      t.feed().close(); // OK: pupated trackers closed their own feed already
}
