// Racecourse bookmaker: prices are pushed into a generic OddsQueue<T> that the tote
// board drains on another thread. push() throws once the queue is closed; try_push()
// is the documented non-throwing variant that refuses entries after close; close() is
// idempotent; reopen() starts the next race. with_session() runs a block of pushes and
// closes the queue afterwards. Late entries go through try_push() or a helper that
// returns when the queue is closed, the next race reopens the queue before pushing,
// and the board's consumer stops when pop() reports closed-and-empty. Correct code.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <class T>
class OddsQueue {
 public:
  void push(T v) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("odds queue closed");
    items_.push_back(std::move(v));
    cv_.notify_one();
  }

  bool try_push(T v) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return false;
    items_.push_back(std::move(v));
    cv_.notify_one();
    return true;
  }

  // Blocks until an item arrives; nullopt once the queue is closed and drained.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty()) return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;  // closing twice is harmless
    cv_.notify_all();
  }

  void reopen() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = false;
  }

  bool is_closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <class Q, class Fn>
void with_session(Q& q, Fn&& fn) {
  fn(q);
  q.close();
}

struct Odds {
  std::string runner;
  int num;
  int den;
};

template <class T>
void post_late(OddsQueue<T>& q, T v) {
  if (q.is_closed()) return;
  q.push(std::move(v));  // OK: returns above when closed (only this thread closes)
}

void race_day() {
  OddsQueue<Odds> book;
  std::vector<Odds> board;
  std::thread tote([&book, &board] {
    while (auto o = book.pop()) board.push_back(std::move(*o));  // OK: pop() ends the loop once closed
  });

  with_session(book, [](OddsQueue<Odds>& q) {
    q.push({"Abacus Lad", 5, 2});  // OK: runs before with_session closes the queue
    q.push({"Counting Frame", 7, 1});
  });
  if (!book.try_push({"Late Entry", 9, 1})) {  // OK: try_push refuses after close
    post_late(book, Odds{"Later Entry", 12, 1});  // OK: post_late checks is_closed()
  }
  book.close();  // OK: OddsQueue::close is idempotent
  tote.join();

  book.reopen();
  book.push({"Second Race Favourite", 3, 1});  // OK: reopened for the next race
  book.close();
}
