// A class keeps a flag set exactly while its member thread may run: the
// method that starts the tracker sets `live_` first, and every method that
// clears it joins the tracker. A start() that returns while `live_` is set
// closes the previous run's link where no tracker runs, so the close does
// not race with it. A class whose thread may clear the flag itself (and so
// run on past it), or whose flag is cleared by a method that does not join,
// gives no such pairing: its close still races with the tracker (which may
// still be sending its last line).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

class SpotLink {
public:
  explicit SpotLink(const std::string &host) : host_(host) {}
  void sendLine(const std::string &line) {
    if (closed_)
      throw std::runtime_error("spot link closed: " + line);
    sent_ += line.size();
  }
  void close() { closed_ = true; }

private:
  std::string host_;
  bool closed_ = false;
  std::size_t sent_ = 0;
};

class PairedSpot {
public:
  void start() {
    std::lock_guard<std::mutex> lk(mu_);
    if (live_.load())
      return;
    if (link_)
      link_->close();
    link_.emplace("spot-a");
    startTracker();
  }
  void stop() {
    if (!live_.load())
      return;
    stopTracker();
    link_->close();
  }

private:
  void startTracker() {
    live_.store(true);
    tracker_ = std::thread([this] { loop(); });
  }
  void stopTracker() {
    live_.store(false);
    if (tracker_.joinable())
      tracker_.join();
  }
  void loop() {
    while (live_.load())
      link_->sendLine("FIX?");
  }
  std::mutex mu_;
  std::atomic<bool> live_{false};
  std::thread tracker_;
  std::optional<SpotLink> link_;
};

class SelfClearingSpot {
public:
  void start() {
    if (live_.load())
      return;
    if (link_)
      link_->close();
    // CHECK: [[@LINE-1]]:14: warning: 'link_' is closed while a thread that uses it may still be running
    link_.emplace("spot-b");
    startTracker();
  }
  void stop() {
    live_.store(false);
    if (tracker_.joinable())
      tracker_.join();
  }

private:
  void startTracker() {
    live_.store(true);
    tracker_ = std::thread([this] {
      while (live_.load()) {
        link_->sendLine("FIX?");
        if (++faults_ > 3) {
          live_.store(false);
          link_->sendLine("LOST");
        }
      }
    });
  }
  int faults_ = 0;
  std::atomic<bool> live_{false};
  std::thread tracker_;
  std::optional<SpotLink> link_;
};

class UnjoinedSpot {
public:
  void start() {
    if (live_)
      return;
    if (link_)
      link_->close();
    // CHECK: [[@LINE-1]]:14: warning: 'link_' is closed while a thread that uses it may still be running
    link_.emplace("spot-c");
    startTracker();
  }
  void pause() { live_ = false; }
  void stop() {
    live_ = false;
    if (tracker_.joinable())
      tracker_.join();
  }

private:
  void startTracker() {
    live_ = true;
    tracker_ = std::thread([this] { loop(); });
  }
  void loop() {
    while (live_)
      link_->sendLine("FIX?");
  }
  bool live_ = false;
  std::thread tracker_;
  std::optional<SpotLink> link_;
};
