// Voicing-shop automation for reed stops (krummhorn, trompette en chamade). ReedVoicer
// drives the tongue-curving machine over a descriptor: tongue() throws once the voicer is
// shut down, pause() parks the machine, resume() returns early and reopens nothing when
// the voicer was shut down, reopen() really opens the device again, and shutdown() is
// idempotent. Jobs run on the shop's own WorkerPool, whose submit() throws after
// shutdown() and whose shutdown() joins the workers and returns early the second time.
// resumeAfterJam() relies on resume() after a shutdown and curves the next tongue on a
// closed voicer; voiceKrummhorn() shuts the voicer down before the pool has run the queued
// tongue jobs; closeShop() shuts the pool down and then submits the parking job.
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

class ReedVoicer {
public:
  explicit ReedVoicer(const char *device) { reopen(device); }
  ~ReedVoicer() { shutdown(); }
  void tongue(int pipe, double curveMm) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0)
      throw std::runtime_error("voicer shut down, cannot curve tongue");
    char cmd[48];
    const int n = std::snprintf(cmd, sizeof cmd, "CURVE %d %.3f\n", pipe, curveMm);
    if (::write(fd_, cmd, n) != n)
      throw std::system_error(errno, std::generic_category(), "voicer write");
  }
  void pause() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0)
      ::write(fd_, "PARK\n", 5);
  }
  void resume() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0)
      return;
    ::write(fd_, "GO\n", 3);
  }
  void reopen(const char *device) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0)
      return;
    fd_ = ::open(device, O_RDWR | O_NOCTTY);
    if (fd_ < 0)
      throw std::system_error(errno, std::generic_category(), device);
  }
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  std::mutex mu_;
  int fd_ = -1;
};

class WorkerPool {
public:
  explicit WorkerPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { run(); });
  }
  ~WorkerPool() { shutdown(); }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_)
        throw std::runtime_error("worker pool shut down, job rejected");
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_)
        return;
      stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }

private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

void recoverAfterJam(ReedVoicer &v, const char *device, int pipe, double curveMm) {
  v.shutdown();
  v.reopen(device);
  v.tongue(pipe, curveMm); // OK
}

void resumeAfterJam(ReedVoicer &v, bool motorStalled, int pipe, double curveMm) {
  v.pause();
  if (motorStalled)
    v.shutdown();
  v.resume();
  v.tongue(pipe, curveMm); // BUG: use-after-close
}

void voiceChamade(WorkerPool &pool, ReedVoicer &v, const std::vector<double> &curves) {
  for (std::size_t i = 0; i < curves.size(); ++i)
    pool.submit([&v, i, c = curves[i]] { v.tongue(static_cast<int>(i), c); });
  pool.shutdown();
  v.shutdown(); // OK
}

void voiceKrummhorn(WorkerPool &pool, ReedVoicer &v, const std::vector<double> &curves) {
  for (std::size_t i = 0; i < curves.size(); ++i)
    pool.submit([&v, i, c = curves[i]] {
      v.tongue(static_cast<int>(i), c); // BUG: use-after-close #krummhorn-race
    });
  v.shutdown(); // SAME: krummhorn-race
  pool.shutdown();
}

void closeShop(WorkerPool &pool, ReedVoicer &v) {
  pool.shutdown();
  pool.submit([&v] { v.pause(); }); // BUG: use-after-close
}

void endOfDay(WorkerPool &pool, ReedVoicer &v, bool jammed) {
  if (jammed)
    v.shutdown();
  pool.shutdown();
  v.pause(); // OK
  v.shutdown(); // OK
}
