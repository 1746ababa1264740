// Railway signalling: a signal box forwards signal aspect changes to the
// regional control centre over a repl::ReplicationChannel. An aspect worker
// sends queued changes under the uplink mutex after checking the uplink's own
// open_ flag; a heartbeat thread keeps the link alive. A track-circuit
// recorder writes occupancy samples to a FILE* from its own thread.
// Defect: stop() closes the channel while the heartbeat thread may be between
// its running_ check and its send (the heartbeat neither takes the mutex nor
// checks open_), so the heartbeat sends on a closed channel.
// The aspect worker and the recorder are correct: one is serialized with the
// close by the mutex and the flag, the other is joined before its fclose.
#include "replication.h"
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

struct AspectChange {
  std::string signalId;
  char aspect = 'R'; // R, Y, G, or D for double yellow
};

static std::string encodeAspect(const AspectChange &c) {
  return "ASPECT " + c.signalId + " " + c.aspect;
}

class SignalBoxUplink {
public:
  explicit SignalBoxUplink(const std::string &peer)
      : chan_(std::make_unique<repl::ReplicationChannel>(peer)) {}

  void start() {
    running_ = true;
    aspectWorker_ = std::thread([this] { aspectLoop(); });
    heartbeat_ = std::thread([this] { heartbeatLoop(); });
  }

  void publish(const AspectChange &c) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!open_)
      return;
    pending_.push_back(c);
    cv_.notify_one();
  }

  void stop() {
    running_ = false;
    {
      std::lock_guard<std::mutex> lk(mu_);
      open_ = false;
      chan_->close(); // SAME: hb_race
    }
    cv_.notify_all();
    aspectWorker_.join();
    heartbeat_.join();
  }

private:
  void aspectLoop() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return !open_ || !pending_.empty(); });
      if (!open_)
        return;
      AspectChange c = pending_.front();
      pending_.pop_front();
      chan_->send(encodeAspect(c)); // OK: under mu_ after checking open_, close() takes mu_ too
    }
  }

  void heartbeatLoop() {
    unsigned seq = 0;
    while (running_.load()) {
      chan_->send("HB " + std::to_string(seq++)); // BUG: use-after-close #hb_race
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<AspectChange> pending_;
  bool open_ = true;
  std::atomic<bool> running_{false};
  std::unique_ptr<repl::ReplicationChannel> chan_;
  std::thread aspectWorker_;
  std::thread heartbeat_;
};

class TrackCircuitRecorder {
public:
  explicit TrackCircuitRecorder(const char *path) : fp_(std::fopen(path, "a")) {}

  void start() {
    if (!fp_)
      return;
    sampling_ = true;
    worker_ = std::thread([this] {
      while (sampling_.load()) {
        std::fprintf(fp_, "TC-%03d occupied=%d\n", circuit_, readOccupancy()); // OK: stop() joins before fclose
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    });
  }

  void stop() {
    sampling_ = false;
    if (worker_.joinable())
      worker_.join();
    if (fp_) {
      std::fclose(fp_); // OK: the sampling thread has been joined
      fp_ = nullptr;
    }
  }

private:
  int readOccupancy() const { return circuit_ % 2; }

  std::FILE *fp_;
  int circuit_ = 117;
  std::atomic<bool> sampling_{false};
  std::thread worker_;
};

void runSignalBox() {
  SignalBoxUplink uplink("control-centre.rail:5500");
  TrackCircuitRecorder recorder("/var/log/signalbox/tc117.log");
  uplink.start();
  recorder.start();
  uplink.publish({"SB12", 'G'});
  uplink.publish({"SB14", 'Y'});
  std::this_thread::sleep_for(std::chrono::seconds(2));
  recorder.stop();
  uplink.stop();
}
