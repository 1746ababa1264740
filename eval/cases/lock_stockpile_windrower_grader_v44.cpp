// Salt stockpile operations at a solar salt works. A windrower thread streams
// pass tonnages to the stockpile controller (fd) and signals done_ through a
// condition variable; the day and night shift ledgers (FILE*) each have a
// mutex and are handed over under std::scoped_lock; the weighbridge gets its
// truck loads from a background reporter and the night loader.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class StockpileFeed {
public:
  explicit StockpileFeed(int fd) : fd_(fd) {}
  ~StockpileFeed() {
    if (windrower_.joinable())
      windrower_.join();
  }

  void startWindrowing(std::vector<double> passes) {
    windrower_ = std::thread([this, passes] {
      for (double t : passes)
        dprintf(fd_, "windrow %.1f t\n", t); // OK
      {
        std::lock_guard<std::mutex> lk(mu_);
        done_ = true;
      }
      cv_.notify_all();
    });
  }
  void finish() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return done_; });
    ::close(fd_); // OK
  }

private:
  int fd_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread windrower_;
};

struct ShiftLedger {
  std::mutex mu;
  FILE *fp = nullptr;
  bool closed = false;
};

void appendEntry(ShiftLedger &ledger, const std::string &entry) {
  std::lock_guard<std::mutex> lk(ledger.mu);
  if (ledger.closed)
    return;
  std::fputs(entry.c_str(), ledger.fp); // OK
}

void handOverShift(ShiftLedger &day, ShiftLedger &night) {
  std::scoped_lock lk(day.mu, night.mu);
  std::fprintf(night.fp, "carried from day shift\n");
  std::fclose(day.fp); // OK
  day.closed = true;
}

void gradeStockpile(ShiftLedger &day, ShiftLedger &night) {
  std::thread grader([&day] {
    for (int pass = 1; pass <= 5; ++pass)
      appendEntry(day, "grader pass " + std::to_string(pass) + "\n");
  });
  handOverShift(day, night);
  grader.join();
}

void loadTrucks(ShiftLedger &night, int trucks) {
  std::thread loader([&night, trucks] {
    for (int t = 1; t <= trucks; ++t)
      std::fprintf(night.fp, "truck %d loaded\n", t); // BUG: use-after-close #nightledger
  });
  {
    std::lock_guard<std::mutex> lk(night.mu);
    std::fclose(night.fp); // SAME: nightledger
    night.closed = true;
  }
  loader.join();
}

void reportToWeighbridge(int fd, std::vector<double> loads) {
  std::thread([fd, loads] {
    for (double t : loads) {
      dprintf(fd, "truck %.1f t\n", t); // BUG: use-after-close #weighbridge
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }).detach();
}

void closeLoadingDay(int weighbridgeFd, const std::vector<double> &loads) {
  reportToWeighbridge(weighbridgeFd, loads);
  ::close(weighbridgeFd); // SAME: weighbridge
}

int main() {
  StockpileFeed feed(14);
  feed.startWindrowing({38.5, 41.0, 39.2});
  feed.finish();

  ShiftLedger day, night;
  day.fp = std::fopen("/var/saltworks/day.ledger", "a");
  night.fp = std::fopen("/var/saltworks/night.ledger", "a");
  if (!day.fp || !night.fp)
    return 1;
  gradeStockpile(day, night);
  closeLoadingDay(15, {27.5, 28.1});
  loadTrucks(night, 6);
  return 0;
}
