// Maple sugarbush: vacuum-line tap readings flow through a fixed-size
// SapChannel<Msg, N>, and evaporator pans are leased from a PanPool<T, N>.
// Both templates guard every operation and throw once they are shut. The
// SugarShack stops at the end of a run by closing its channel and shutting
// the pan pool; boil_off() is then called from the end-of-day path and
// leases one more pan from the shut pool, and spare_pans() leases from a pool
// it has just shut. drain_into() checks is_closed() first, and the new
// season's shack is a fresh instantiation.
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

template <class Msg, std::size_t N>
class SapChannel {
 public:
  void send(const Msg& m) {
    if (closed_) throw std::runtime_error("sap channel closed");
    if (count_ == N) throw std::runtime_error("sap channel full");
    buf_[(head_ + count_) % N] = m;
    ++count_;
  }

  bool receive(Msg& out) {
    if (closed_) throw std::runtime_error("sap channel closed");
    if (count_ == 0) return false;
    out = buf_[head_];
    head_ = (head_ + 1) % N;
    --count_;
    return true;
  }

  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }

 private:
  std::array<Msg, N> buf_{};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
  bool closed_ = false;
};

template <class T, std::size_t N>
class PanPool {
 public:
  T& acquire() {
    if (shut_) throw std::runtime_error("pan pool shut down");
    if (used_ == N) throw std::runtime_error("no evaporator pan free");
    return pans_[used_++];
  }

  void shutdown() {
    if (shut_) throw std::runtime_error("pan pool shut down twice");
    shut_ = true;
  }

  bool is_shut() const { return shut_; }

 private:
  std::array<T, N> pans_{};
  std::size_t used_ = 0;
  bool shut_ = false;
};

struct TapReading {
  int line = 0;
  double brix = 0.0;
};

struct Pan {
  double litres = 0.0;
};

template <class Msg, std::size_t N, class Sink>
void drain_into(SapChannel<Msg, N>& ch, Sink& sink) {
  if (ch.is_closed()) return;
  Msg m;
  while (ch.receive(m)) sink.push_back(m);  // OK: returns early when closed
}

class SugarShack {
 public:
  void tap(int line, double brix) { sap_.send(TapReading{line, brix}); }

  void stop() {
    sap_.close();
    pans_.shutdown();
  }

  void boil_off(double litres) {
    pans_.acquire().litres = litres;  // SAME: boil_pan
  }

  void collect(std::vector<TapReading>& out) { drain_into(sap_, out); }

 private:
  SapChannel<TapReading, 16> sap_;
  PanPool<Pan, 4> pans_;
};

void end_of_run(SugarShack& shack, std::vector<TapReading>& log) {
  shack.tap(3, 2.1);  // OK: the channel is open
  shack.collect(log);  // OK: the channel is open
  shack.stop();
  shack.collect(log);  // OK: drain_into returns early on a closed channel
  shack.boil_off(40.0);  // BUG: use-after-close #boil_pan
}

void spare_pans(PanPool<Pan, 2>& pool) {
  pool.acquire().litres = 10.0;  // OK: pool not shut yet
  pool.shutdown();
  if (!pool.is_shut()) pool.acquire().litres = 5.0;  // OK: guarded by is_shut()
  pool.acquire().litres = 5.0;  // BUG: use-after-close
}

void next_season(std::vector<TapReading>& log) {
  SugarShack old_shack;
  old_shack.stop();
  SugarShack shack;  // a fresh channel and pool for the new season
  shack.tap(1, 1.8);  // OK: different object from the stopped shack
  shack.boil_off(35.0);  // OK: this shack was never stopped
  shack.collect(log);
}
