// Pewter workshop engraving line: tankard orders flow through a generic Channel<Msg> (closed when
// the batch is sealed; pop() still drains what is left, try_push() reports a closed channel
// instead of throwing) and a fixed-size RingQueue<T, N> rack whose shutdown() is idempotent.
// seal_with() pushes a final message and closes whatever channel it is given. Two callers keep
// pushing after the seal: a late tankard, and the abort path that closes before seal_with runs.
#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Msg>
class Channel {
 public:
  void push(Msg m) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel closed");
    q_.push_back(std::move(m));
    cv_.notify_one();
  }
  bool try_push(Msg m) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return false;
    q_.push_back(std::move(m));
    cv_.notify_one();
    return true;
  }
  // Blocks until a message arrives; after close() it drains the rest and then returns nullopt.
  std::optional<Msg> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !q_.empty(); });
    if (q_.empty()) return std::nullopt;
    Msg m = std::move(q_.front());
    q_.pop_front();
    return m;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel already closed");
    closed_ = true;
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Msg> q_;
  bool closed_ = false;
};

template <typename T, std::size_t N>
class RingQueue {
 public:
  void enqueue(const T& v) {
    if (shut_) throw std::runtime_error("ring queue shut down");
    if (size_ == N) throw std::runtime_error("ring queue full");
    buf_[(head_ + size_) % N] = v;
    ++size_;
  }
  bool dequeue(T& out) {
    if (size_ == 0) return false;
    out = buf_[head_];
    head_ = (head_ + 1) % N;
    --size_;
    return true;
  }
  void shutdown() { shut_ = true; }  // idempotent by design
  bool is_shut_down() const { return shut_; }

 private:
  std::array<T, N> buf_{};
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  bool shut_ = false;
};

template <typename Chan, typename Msg>
void seal_with(Chan& ch, Msg last) {
  ch.push(std::move(last));  // SAME: seal
  ch.close();
}

struct Tankard {
  int id = 0;
  std::string inscription;
};

void engrave(const Tankard& t) { std::printf("engraving #%d: %s\n", t.id, t.inscription.c_str()); }

void engrave_batch(const std::vector<Tankard>& order) {
  Channel<Tankard> jobs;
  for (const Tankard& t : order) jobs.push(t);
  jobs.close();
  while (auto job = jobs.pop()) engrave(*job);  // OK: pop drains a closed channel
  if (!jobs.try_push(Tankard{0, "spare"})) std::fputs("batch sealed\n", stderr);  // OK: try_push reports closed
  jobs.push(Tankard{99, "late order"});  // BUG: use-after-close
}

void proof_run(const std::vector<std::string>& lines) {
  Channel<std::string> proofs;
  for (const auto& l : lines) proofs.push(l);
  seal_with(proofs, std::string("END"));
  while (auto p = proofs.pop()) std::puts(p->c_str());  // OK: draining after the seal
  proofs.push("reprint");  // BUG: use-after-close
}

void proof_run_abortable(const std::vector<std::string>& lines) {
  Channel<std::string> proofs;
  for (const auto& l : lines) {
    if (l.empty()) {
      proofs.close();  // a blank proof aborts the run
      break;
    }
    proofs.push(l);  // OK: the loop breaks right after the close
  }
  seal_with(proofs, std::string("END"));  // BUG: use-after-close #seal
}

void rack_tankards(const std::vector<Tankard>& finished) {
  RingQueue<Tankard, 8> rack;
  for (std::size_t i = 0; i < finished.size() && i < 8; ++i) rack.enqueue(finished[i]);
  rack.shutdown();
  Tankard t;
  while (rack.dequeue(t)) engrave(t);  // OK: dequeue drains after shutdown
  rack.shutdown();  // OK: idempotent
  if (!rack.is_shut_down()) rack.enqueue(Tankard{7, "guarded"});  // OK: guarded
  rack.enqueue(Tankard{8, "straggler"});  // BUG: use-after-close
}
