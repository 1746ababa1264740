// Glass works cold end: the annealing lehr's conveyor is a LehrConveyor whose resume()
// returns early, doing nothing, once the conveyor is closed; the cullet crusher's close()
// is idempotent; the annealer's zone controller link throws on a second close; and the
// zone set-points are written by the plant's own AnnealWorkers pool, whose drain() blocks
// until every queued job has run. Negative case: resume() after close() is a documented
// no-op, the crusher may be closed twice, the annealer link is closed exactly once on each
// path, and the link is closed only after drain() has returned, so no job races the close.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class LehrConveyor {
public:
  void resume() {
    if (closed_)
      return;
    running_ = true;
  }
  void pause() { running_ = false; }
  void close() {
    running_ = false;
    closed_ = true;
  }

private:
  bool running_ = false;
  bool closed_ = false;
};

class CulletCrusher {
public:
  void crush(int kg) {
    if (closed_)
      throw std::runtime_error("cullet crusher closed");
    total_ += kg;
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  int total_ = 0;
  bool closed_ = false;
};

class AnnealerZoneLink {
public:
  void setpoint(int zone, int celsius) {
    if (closed_)
      throw std::runtime_error("annealer link closed");
    last_[zone % 8] = celsius;
  }
  void close() {
    if (closed_)
      throw std::logic_error("annealer link closed twice");
    closed_ = true;
  }

private:
  int last_[8] = {};
  bool closed_ = false;
};

class AnnealWorkers {
public:
  explicit AnnealWorkers(int n) {
    for (int i = 0; i < n; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~AnnealWorkers() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    for (auto &t : threads_)
      t.join();
  }
  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lk(mu_);
    jobs_.push_back(std::move(job));
    ++outstanding_;
    cv_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return outstanding_ == 0; });
  }

private:
  void work() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return quit_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      auto job = std::move(jobs_.front());
      jobs_.pop_front();
      lk.unlock();
      job();
      lk.lock();
      if (--outstanding_ == 0)
        idle_.notify_all();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  int outstanding_ = 0;
  bool quit_ = false;
};

void cold_end_shift(const std::vector<int> &profile, bool lineBreak) {
  LehrConveyor conveyor;
  CulletCrusher crusher;
  AnnealerZoneLink zones;
  AnnealWorkers workers(2);

  for (size_t z = 0; z < profile.size(); ++z)
    workers.post([&zones, z, &profile] {
      zones.setpoint(static_cast<int>(z), profile[z]); // OK: drain() below waits for this job
    });
  workers.drain();
  zones.close();

  conveyor.resume();
  if (lineBreak) {
    conveyor.close();
    crusher.crush(400);
    crusher.close();
  }
  conveyor.resume(); // OK: resume() returns early on a closed conveyor
  crusher.close(); // OK: CulletCrusher::close() is idempotent
}

void reheat_zone(AnnealerZoneLink &zones, int zone, bool faulted) {
  if (faulted) {
    zones.close(); // OK: this branch returns right after
    return;
  }
  zones.setpoint(zone, 560); // OK: the faulted branch returned
  zones.close(); // OK: only close on this path
}
