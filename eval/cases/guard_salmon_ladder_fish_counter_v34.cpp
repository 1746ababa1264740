// Salmon fish ladder on a weir: an infrared counter at each pool reports
// passing fish over a CounterLink, and a camera uplink stores clips. Any of
// them can be taken offline by the river keeper (flood debris, maintenance).
// Every use below is guarded: isOpen() early returns, a Status result that
// the caller checks, an atomic online flag, a switch on the link state, a
// do/while on good(), an ensure-open helper that throws, and ternaries.
// Nothing is used after it has been taken offline and nothing is closed
// twice.
#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

enum class Status { Ok, Offline, Full };

class CounterLink {
 public:
  explicit CounterLink(int pool) : pool_(pool) {}

  void report(int fish) {
    if (!open_) throw std::runtime_error("counter link offline, pool " + std::to_string(pool_));
    total_ += fish;
  }
  void takeOffline() {
    if (!open_) throw std::runtime_error("counter link already offline, pool " + std::to_string(pool_));
    open_ = false;
  }
  bool isOpen() const { return open_; }
  int pool() const { return pool_; }

 private:
  int pool_;
  int total_ = 0;
  bool open_ = true;
};

class ClipUplink {
 public:
  enum class Mode { Streaming, Buffering, Stopped };

  void store(const std::string& clip) {
    if (mode_ == Mode::Stopped) throw std::runtime_error("clip uplink stopped");
    ++clips_;
    bytes_ += clip.size();
    if (clips_ % 8 == 0) mode_ = Mode::Buffering;
  }
  void stop() {
    if (mode_ == Mode::Stopped) throw std::runtime_error("clip uplink stopped twice");
    mode_ = Mode::Stopped;
  }
  bool good() const { return mode_ != Mode::Stopped; }
  Mode mode() const { return mode_; }

 private:
  int clips_ = 0;
  std::size_t bytes_ = 0;
  Mode mode_ = Mode::Streaming;
};

class LadderStation {
 public:
  explicit LadderStation(int pools) {
    for (int i = 0; i < pools; ++i) counters_.push_back(std::make_unique<CounterLink>(i));
  }

  Status count(int pool, int fish) {
    CounterLink* c = find(pool);
    if (!c || !c->isOpen()) return Status::Offline;
    c->report(fish);  // OK: null-or-offline early return
    return Status::Ok;
  }

  void debris_at(int pool) {
    CounterLink* c = find(pool);
    if (c && c->isOpen()) c->takeOffline();  // OK: never taken offline twice
  }

  void run_camera(const std::vector<std::string>& clips) {
    if (!online_.load() || !camera_.good()) return;
    std::size_t i = 0;
    do {
      if (i >= clips.size()) break;
      camera_.store(clips[i++]);  // OK: checked good() before the first store and after each one
    } while (camera_.good());
  }

  void flush_camera(const std::string& clip) {
    switch (camera_.mode()) {
      case ClipUplink::Mode::Stopped:
        return;
      case ClipUplink::Mode::Buffering:
      case ClipUplink::Mode::Streaming:
        camera_.store(clip);  // OK: the Stopped case returned above
        break;
    }
  }

  void keeper_shutdown() {
    online_.store(false);
    if (camera_.good()) camera_.stop();  // OK: stops once
    for (auto& c : counters_)
      if (c->isOpen()) c->takeOffline();  // OK: skips counters taken offline by debris_at()
  }

  int open_pools() const {
    int n = 0;
    for (const auto& c : counters_) n += c->isOpen() ? 1 : 0;
    return n;
  }

  CounterLink& ensure_open(int pool) {
    CounterLink* c = find(pool);
    if (c == nullptr || !c->isOpen()) throw std::runtime_error("pool not counting");
    return *c;
  }

 private:
  CounterLink* find(int pool) {
    for (auto& c : counters_)
      if (c->pool() == pool) return c.get();
    return nullptr;
  }

  std::vector<std::unique_ptr<CounterLink>> counters_;
  ClipUplink camera_;
  std::atomic<bool> online_{true};
};

int spawning_run(LadderStation& station, const std::vector<std::string>& clips) {
  station.count(0, 4);
  station.debris_at(2);
  Status s = station.count(2, 7);  // OK: count() reports Offline instead of using the link
  if (s != Status::Ok) station.count(1, 7);  // OK: pool 1 is still counting
  station.run_camera(clips);
  station.flush_camera("dusk run");
  station.keeper_shutdown();
  station.flush_camera("night");  // OK: flush_camera returns on Stopped
  station.run_camera(clips);  // OK: returns early, station offline
  try {
    station.ensure_open(3).report(2);  // OK: ensure_open throws instead of returning an offline link
  } catch (const std::runtime_error&) {
    // pool 3 was shut down with the rest of the station
  }
  return station.open_pools();
}
