// Fadge (wool pack) station in a woolshed. Weighing runs on std::async against
// the platform scale (fd), brand stencils are printed on a background task to
// the stencil printer (FILE*), and the broomie's pager (an EventChannel) is
// shared with the smoko timer thread under a mutex; shed tallies are queued
// for the office uplink (fd) and sent from a background thread.
#include "messaging.h"
#include <chrono>
#include <cstdio>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class FadgeStation {
public:
  FadgeStation(int scaleFd, FILE *stencil) : scaleFd_(scaleFd), stencil_(stencil) {}

  double weighAndSeal() {
    auto weight = std::async(std::launch::async, [fd = scaleFd_] {
      char buf[16] = {};
      ::write(fd, "W\n", 2); // OK
      return ::read(fd, buf, sizeof buf - 1) > 0 ? std::stod(buf) : 0.0;
    });
    double kg = weight.get();
    ::close(scaleFd_); // OK
    scaleFd_ = -1;
    return kg;
  }

  void stencilAsync(const std::string &brand, int baleNo) {
    printing_ = std::async(std::launch::async, [this, brand, baleNo] {
      std::fprintf(stencil_, "%s / %04d\n", brand.c_str(), baleNo); // BUG: use-after-close #stencilprint
    });
  }
  void stencilNow(const std::string &brand, int baleNo) {
    auto job = std::async(std::launch::async, [this, brand, baleNo] {
      std::fprintf(stencil_, "%s / %04d\n", brand.c_str(), baleNo); // OK
    });
    job.get();
  }
  void closeStation() {
    std::fclose(stencil_); // SAME: stencilprint
    if (printing_.valid())
      printing_.get();
  }

private:
  int scaleFd_;
  FILE *stencil_;
  std::future<void> printing_;
};

class BroomiePager {
public:
  void page(const std::string &msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    channel_.send(msg); // OK
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    channel_.close(); // OK
  }

private:
  std::mutex mu_;
  bool closed_ = false;
  EventChannel channel_;
};

class TallyUplink {
public:
  explicit TallyUplink(int fd) : fd_(fd) {}
  void push(std::string line) {
    std::lock_guard<std::mutex> lk(mu_);
    queue_.push_back(std::move(line));
  }
  void sendQueued() {
    std::vector<std::string> batch;
    {
      std::lock_guard<std::mutex> lk(mu_);
      batch.swap(queue_);
    }
    for (const std::string &line : batch)
      ::write(fd_, line.data(), line.size()); // BUG: use-after-close #uplinkrace
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    ::close(fd_); // SAME: uplinkrace
  }

private:
  std::mutex mu_;
  std::vector<std::string> queue_;
  int fd_;
};

void endOfRunUplink(TallyUplink &uplink, const std::vector<std::string> &tallies) {
  for (const std::string &t : tallies)
    uplink.push(t);
  std::thread sender([&uplink] { uplink.sendQueued(); });
  uplink.close();
  sender.join();
}

void runSmokoTimer(BroomiePager &pager, int minutes) {
  std::thread timer([&pager, minutes] {
    for (int m = 0; m < minutes; m += 30) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      pager.page("sweep the board");
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(25));
  pager.close();
  timer.join();
}

int main() {
  FadgeStation station(::dup(0), std::fopen("/dev/usb/lp0", "w"));
  double kg = station.weighAndSeal();
  station.stencilNow("MERINO AAAM", 41);
  station.stencilAsync("MERINO AAM", kg > 180.0 ? 42 : 43);
  station.closeStation();
  BroomiePager pager;
  runSmokoTimer(pager, 120);
  TallyUplink uplink(::dup(1));
  endOfRunUplink(uplink, {"stand 1: 212", "stand 2: 198"});
  return 0;
}
