// Nougat kitchen batch control. Each copper kettle streams temperature
// readings into a BatchChannel<Reading>; the packing line takes wrappers from a
// KettlePool<Wrapper, N>. Both templates throw once closed. The generic helper
// seal_batch() drains a channel and closes it; cook_batch() seals the channel
// and then pushes the cooling reading into it. The pool is shut down for the
// night, and a late tray still acquires from it. end_of_day() seals the honey
// channel twice (once in the loop over all kettles, once by name).
#include <array>
#include <cstddef>
#include <deque>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

template <typename Msg>
class BatchChannel {
 public:
  using value_type = Msg;
  void push(Msg m) {
    if (closed_) throw std::runtime_error("batch channel closed");
    q_.push_back(std::move(m));
  }
  bool try_pop(Msg& out) {
    if (q_.empty()) return false;
    out = std::move(q_.front());
    q_.pop_front();
    return true;
  }
  void close() {
    if (closed_) throw std::runtime_error("batch channel closed twice");
    closed_ = true;
  }
  bool is_closed() const { return closed_; }

 private:
  std::deque<Msg> q_;
  bool closed_ = false;
};

template <typename T, std::size_t N>
class KettlePool {
 public:
  T* acquire() {
    if (shut_) throw std::runtime_error("pool shut down");
    for (std::size_t i = 0; i < N; ++i)
      if (!used_[i]) { used_[i] = true; return &slots_[i]; }
    return nullptr;
  }
  void release(T* t) { used_[static_cast<std::size_t>(t - slots_.data())] = false; }
  void shutdown() { shut_ = true; }

 private:
  std::array<T, N> slots_{};
  std::array<bool, N> used_{};
  bool shut_ = false;
};

struct Reading { std::string kettle; double celsius = 0; };
struct Wrapper { int rice_paper_sheets = 0; };

template <typename Chan, typename Sink>
void seal_batch(Chan& ch, Sink&& sink) {
  typename Chan::value_type r{};
  while (ch.try_pop(r)) sink(r);
  ch.close();  // SAME: honey
}

using ReadingChannel = BatchChannel<Reading>;

void cook_batch(ReadingChannel& ch, double& peak) {
  ch.push(Reading{"almond", 121.0});  // OK: open
  ch.push(Reading{"almond", 143.5});  // OK
  seal_batch(ch, [&](const Reading& r) { if (r.celsius > peak) peak = r.celsius; });
  ch.push(Reading{"almond", 60.0});  // BUG: use-after-close
}

void pack_trays(KettlePool<Wrapper, 4>& pool, int trays) {
  for (int i = 0; i < trays; ++i) {
    Wrapper* w = pool.acquire();  // OK: pool open during the shift
    if (!w) break;
    w->rice_paper_sheets = 12;
    pool.release(w);
  }
  pool.shutdown();
  if (Wrapper* late = pool.acquire()) late->rice_paper_sheets = 6;  // BUG: use-after-close
}

void end_of_day(std::map<std::string, ReadingChannel>& kettles) {
  double peak = 0;
  for (auto& [name, ch] : kettles) {
    if (!ch.is_closed()) seal_batch(ch, [&](const Reading& r) { peak = r.celsius > peak ? r.celsius : peak; });  // OK: skips sealed ones
  }
  ReadingChannel& honey = kettles.at("honey");
  seal_batch(honey, [](const Reading&) {});  // BUG: double-close #honey
}
