// A class with a protocol of its own (stop() sets `stopped_`, the methods
// that need it running return an error once it is set) whose stop() also
// closes a member descriptor that a thread of its owner's keeps using
// (`while (!stopped_) sendto(beaconFd_, ...)`, testing the flag without
// the lock stop() holds): stopping it while the thread runs races with the
// thread's send. A thread that tests the flag under that lock is
// serialized with the close, and one joined first has ended.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <mutex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

class BeaconReader {
public:
  bool start(int fd) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return false;
    beaconFd_ = fd;
    return true;
  }
  void stop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_.exchange(true))
      return;
    ::close(beaconFd_);
    beaconFd_ = -1;
  }
  void beaconLoop() {
    while (!stopped_.load())
      ::send(beaconFd_, "b", 1, 0);
  }
  void lockedLoop() {
    for (;;) {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopped_)
        return;
      ::send(beaconFd_, "b", 1, 0);
    }
  }

private:
  std::mutex mu_;
  std::atomic<bool> stopped_{false};
  int beaconFd_ = -1;
};

class Station {
public:
  ~Station() {
    reader_.stop();
    // CHECK: role-close-member-race.cpp:[[@LINE-1]]:13: warning: 'reader_.beaconFd_' is closed while a thread that uses it may still be running
    if (beacon_.joinable())
      beacon_.join();
  }
  void run() {
    beacon_ = std::thread([this] { reader_.beaconLoop(); });
  }

private:
  BeaconReader reader_;
  std::thread beacon_;
};

class LockedStation {
public:
  ~LockedStation() {
    reader_.stop();
    if (beacon_.joinable())
      beacon_.join();
  }
  void run() {
    beacon_ = std::thread([this] { reader_.lockedLoop(); });
  }

private:
  BeaconReader reader_;
  std::thread beacon_;
};

class JoiningStation {
public:
  ~JoiningStation() {
    if (beacon_.joinable())
      beacon_.join();
    reader_.stop();
  }
  void run() {
    beacon_ = std::thread([this] { reader_.beaconLoop(); });
  }

private:
  BeaconReader reader_;
  std::thread beacon_;
};
