// Onsen bathhouse: locker wristbands are handed out from a fixed Pool<T, N>
// per changing room, and soak times are written to a TallySink<Unit>. The
// pool refuses acquire() after shutdown() (leases already out stay valid), and
// the sink refuses record() after seal(). Correct as written: every acquire()
// is preceded by an accepting() check, a reopen(), or targets another pool;
// leases are used after shutdown only for items already handed out; the sink
// is only queried (total()) after it was sealed.
#include <array>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

struct Wristband {
  int number = 0;
  void scan() const {}
};

template <typename T, std::size_t N>
class Pool {
 public:
  class Lease {
   public:
    Lease(Pool* p, std::size_t slot) : pool_(p), slot_(slot) {}
    Lease(Lease&& o) noexcept : pool_(o.pool_), slot_(o.slot_) { o.pool_ = nullptr; }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (pool_) pool_->give_back(slot_);
    }
    T* operator->() { return &pool_->items_[slot_]; }

   private:
    Pool* pool_;
    std::size_t slot_;
  };

  Pool() {
    for (std::size_t i = 0; i < N; ++i) items_[i].number = static_cast<int>(i + 1);
  }
  Lease acquire() {
    std::unique_lock<std::mutex> lk(mu_);
    if (shut_) throw std::runtime_error("pool shut down");
    cv_.wait(lk, [this] { return shut_ || used_ < N; });
    if (shut_) throw std::runtime_error("pool shut down");
    for (std::size_t i = 0; i < N; ++i) {
      if (!busy_[i]) {
        busy_[i] = true;
        ++used_;
        return Lease(this, i);
      }
    }
    throw std::logic_error("pool: no free slot");
  }
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    shut_ = true;
    cv_.notify_all();
  }
  void reopen() {
    std::lock_guard<std::mutex> lk(mu_);
    shut_ = false;
  }
  bool accepting() const {
    std::lock_guard<std::mutex> lk(mu_);
    return !shut_;
  }

 private:
  void give_back(std::size_t slot) {
    std::lock_guard<std::mutex> lk(mu_);
    busy_[slot] = false;
    --used_;
    cv_.notify_one();
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::array<T, N> items_{};
  std::array<bool, N> busy_{};
  std::size_t used_ = 0;
  bool shut_ = false;
};

template <typename Unit>
class TallySink {
 public:
  void record(Unit u) {
    if (sealed_) throw std::runtime_error("tally sink sealed");
    sum_ += u;
  }
  void seal() { sealed_ = true; }
  Unit total() const { return sum_; }

 private:
  Unit sum_{};
  bool sealed_ = false;
};

template <typename Sink>
void seal_tally(Sink& s) {
  s.seal();
}

template <typename P>
bool close_if_idle(P& pool, bool idle) {
  if (!idle) return false;
  pool.shutdown();
  return true;
}

using Lockers = Pool<Wristband, 40>;

void evening_rush(Lockers& east, TallySink<double>& soaks, const std::vector<double>& minutes) {
  if (!east.accepting()) return;
  auto band = east.acquire();  // OK: accepting() checked, single front desk
  band->scan();
  for (double m : minutes) soaks.record(m);
  east.shutdown();
  band->scan();  // OK: shutdown() only stops new acquisitions
  seal_tally(soaks);
  double total = soaks.total();  // OK: total() is a plain read, allowed after seal
  (void)total;
}

void morning_open(Lockers& east, Lockers& west) {
  east.shutdown();
  auto w = west.acquire();  // OK: a different pool
  east.reopen();
  auto e = east.acquire();  // OK: reopened
  w->scan();
  e->scan();
}

void quiet_hour(Lockers& east, bool idle) {
  if (close_if_idle(east, idle)) return;
  auto band = east.acquire();  // OK: close_if_idle() returned false, nothing was shut
  band->scan();
}
