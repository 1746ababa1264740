// Triangulation adjustment service. ObservationBatcher accepts azimuth observations while
// Running, finishes the queued ones while Draining and is done once Closed. Only submit()
// and close() throw on a Closed batcher; flush() returns quietly and pending(), solved()
// and state() stay valid. closeNetwork() drains, closes and then flushes and reads the
// counters (correct). resurvey() closes the batch on an unstable station (guarded by
// state()) and then keeps submitting the next stations. runTraverse() lets
// finishStation() close the batch on the station that closes the traverse, then closes
// it again after the loop. liveSession() closes the batch when its time window ends
// while the feeder thread may still be submitting.
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct Observation {
  std::string station;
  std::string target;
  double azimuthDeg;
  double sigmaArcSec;
};

class ObservationBatcher {
public:
  enum class State { Idle, Running, Draining, Closed };

  explicit ObservationBatcher(std::size_t capacity) : capacity_(capacity) {}

  void start() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Idle)
      state_ = State::Running;
  }
  void submit(const Observation &o) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      throw std::logic_error("batcher closed, cannot submit " + o.station + "->" + o.target);
    if (state_ != State::Running)
      throw std::logic_error("batcher not accepting observations");
    queue_.push_back(o);
    if (queue_.size() >= capacity_)
      solveLocked();
  }
  void drain() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Running)
      state_ = State::Draining;
    solveLocked();
  }
  void flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      return;
    solveLocked();
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      throw std::logic_error("batcher already closed");
    solveLocked();
    state_ = State::Closed;
  }
  std::size_t pending() const { std::lock_guard<std::mutex> lk(mu_); return queue_.size(); }
  std::size_t solved() const { std::lock_guard<std::mutex> lk(mu_); return solved_; }
  State state() const { std::lock_guard<std::mutex> lk(mu_); return state_; }

private:
  void solveLocked() {
    solved_ += queue_.size();
    queue_.clear();
  }

  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::size_t capacity_;
  std::size_t solved_ = 0;
  std::vector<Observation> queue_;
};

constexpr double kMaxSigmaArcSec = 8.0;

void closeNetwork(ObservationBatcher &b) {
  b.drain();
  b.close();
  b.flush(); // OK
  std::printf("%zu solved, %zu pending\n", b.solved(), b.pending()); // OK
}

void resurvey(ObservationBatcher &b, const std::vector<Observation> &obs) {
  b.start();
  for (const Observation &o : obs) {
    if (o.sigmaArcSec > kMaxSigmaArcSec) {
      std::fprintf(stderr, "station %s unstable, closing batch\n", o.station.c_str());
      if (b.state() != ObservationBatcher::State::Closed)
        b.close(); // OK
      continue;
    }
    b.submit(o); // BUG: use-after-close
  }
}

void liveSession(ObservationBatcher &b, const std::vector<Observation> &feed,
                 const std::chrono::seconds window) {
  b.start();
  std::thread feeder([&b, &feed] {
    for (const Observation &o : feed)
      b.submit(o); // BUG: use-after-close #live-window
  });
  std::this_thread::sleep_for(window);
  b.close(); // SAME: live-window
  feeder.join();
}

struct Station {
  std::string name;
  bool closesTraverse;
  std::vector<Observation> rounds;
};

static void finishStation(ObservationBatcher &b, const Station &s) {
  if (s.closesTraverse)
    b.close();
  else
    b.flush();
}

void runTraverse(ObservationBatcher &b, const std::vector<Station> &stations) {
  b.start();
  for (const Station &s : stations) {
    for (const Observation &o : s.rounds)
      b.submit(o);
    finishStation(b, s);
    if (s.closesTraverse)
      break;
  }
  b.close(); // BUG: double-close
  std::printf("traverse: %zu observations solved\n", b.solved());
}
