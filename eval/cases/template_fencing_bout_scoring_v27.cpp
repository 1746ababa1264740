// Bout scoring for a fencing club's electric scoring system. The scoring box
// pushes touches, the referee's tablet pushes cards, and the announcer gets
// text lines; each stream is a BoutChannel<T> drained by a consumer thread.
// A bout ends when the referee's thread closes the channels; the consumers
// drain what is left and stop.
// Negative case: only the thread that closes a channel pushes to it, it
// checks closed() before a late push, close() is idempotent, and pop() on a
// closed channel is the documented way to drain it.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <class T> class BoutChannel {
public:
  void push(T v) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("bout channel closed");
    queue_.push_back(std::move(v));
    ready_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !queue_.empty(); });
    if (queue_.empty())
      return std::nullopt;
    T v = std::move(queue_.front());
    queue_.pop_front();
    return v;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    closed_ = true;
    ready_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

private:
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> queue_;
  bool closed_ = false;
};

struct Touch {
  char side; // 'L' or 'R'
  bool onTarget;
  long millis;
};

struct Card {
  char side;
  std::string colour;
};

struct BoutScore {
  int left = 0, right = 0;
};

class Bout {
public:
  void touch(const Touch &t) { touches_.push(t); }
  void card(const Card &c) { cards_.push(c); }
  void announce(std::string s) { announcer_.push(std::move(s)); }
  void halt();
  BoutScore run(const std::vector<Touch> &touches, const std::vector<Card> &cards);

private:
  BoutChannel<Touch> touches_;
  BoutChannel<Card> cards_;
  BoutChannel<std::string> announcer_;
};

void Bout::halt() {
  touches_.close();
  cards_.close();
  if (!announcer_.closed())
    announcer_.push("Halte!"); // OK
  announcer_.close();
}

BoutScore Bout::run(const std::vector<Touch> &touches, const std::vector<Card> &cards) {
  BoutScore score;
  std::vector<std::string> board;
  std::thread scorer([&] {
    while (std::optional<Touch> t = touches_.pop()) {
      if (!t->onTarget)
        continue;
      (t->side == 'L' ? score.left : score.right) += 1;
    }
    while (std::optional<Card> c = cards_.pop()) // OK
      if (c->colour == "red")
        (c->side == 'L' ? score.right : score.left) += 1;
  });
  std::thread display([&] {
    while (std::optional<std::string> line = announcer_.pop())
      board.push_back(std::move(*line));
  });
  for (const Card &c : cards)
    card(c);
  for (const Touch &t : touches) {
    touch(t);
    announce(std::string(1, t.side) + (t.onTarget ? " touch" : " off target"));
  }
  halt();
  halt(); // OK
  if (!announcer_.closed())
    announce("Fin du match"); // OK
  scorer.join();
  display.join();
  return score;
}
