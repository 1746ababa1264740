// Quince jelly kitchen: filled jars travel from the filling station to the
// labeller through a JarQueue<T>; lids come from a fixed LidPool<T, N>. The
// queue's close() is idempotent, pop() keeps draining after close and
// try_push() reports a closed queue with false; push() throws. The lid pool's
// shutdown() throws when called twice. Bugs: a reject jar pushed after the
// batch was sealed by seal_batch(), a lid taken after the pool was shut down,
// and a second shutdown() of the lid pool in the end-of-shift routine.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

template <typename T>
class JarQueue {
 public:
  void push(T v) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) throw std::runtime_error("jar queue closed");
    items_.push_back(std::move(v));
    cv_.notify_one();
  }
  bool try_push(T v) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return false;
    items_.push_back(std::move(v));
    cv_.notify_one();
    return true;
  }
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty()) return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T, std::size_t N>
class LidPool {
 public:
  T acquire() {
    if (shut_) throw std::runtime_error("lid pool shut down");
    if (taken_ == N) throw std::runtime_error("lid pool exhausted");
    return slots_[taken_++];
  }
  void shutdown() {
    if (shut_) throw std::runtime_error("lid pool already shut down");
    shut_ = true;
  }

 private:
  T slots_[N] = {};
  std::size_t taken_ = 0;
  bool shut_ = false;
};

template <typename Q>
void seal_batch(Q& q) {
  q.close();
}

struct Jar {
  int batch;
  double grams;
};
struct Lid {
  int diameter_mm = 70;
};

void label(const Jar&) {}

void fill_batch(JarQueue<Jar>& q, int batch, int jars, bool has_reject) {
  for (int i = 0; i < jars; ++i) q.push(Jar{batch, 340.0});
  seal_batch(q);
  while (auto j = q.pop()) label(*j);  // OK: pop() drains after close
  if (!q.try_push(Jar{batch, 0.0})) label(Jar{batch, -1.0});  // OK: try_push() reports false
  if (has_reject) q.push(Jar{batch, 120.0});  // BUG: use-after-close
}

void cap_jars(LidPool<Lid, 8>& lids, int jars) {
  int capped = 0;
  for (; capped < jars && capped < 8; ++capped) lids.acquire();
  lids.shutdown();
  if (capped < jars) lids.acquire();  // BUG: use-after-close
}

void end_of_shift(LidPool<Lid, 8>& lids, JarQueue<Jar>& q) {
  seal_batch(q);
  q.close();  // OK: JarQueue::close() is idempotent
  lids.shutdown();
  lids.shutdown();  // BUG: double-close
}

void tidy_shift(LidPool<Lid, 4>& lids, JarQueue<Jar>& q) {
  lids.acquire();
  q.close();
  while (auto j = q.pop()) label(*j);  // OK: draining a closed queue is allowed
  lids.shutdown();
}
