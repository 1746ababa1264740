// Ferry boarding: vehicle tickets are validated and assigned deck lanes by a
// WorkerGang, the terminal's own thread pool.
//  - submit() throws std::runtime_error once the gang is shut down.
//  - pause() holds queued jobs; resume() releases them, but throws
//    std::logic_error when the gang has been shut down.
//  - drainAndStop() waits for the queue to empty and then shuts the gang
//    down; shutdown() drains, joins the workers and is idempotent.
// Defects: a late arrival is submitted after drainAndStop(), and the
// terminal tries to resume() the shut-down gang for the next sailing.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class WorkerGang {
public:
  explicit WorkerGang(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this] { loop(); });
  }
  ~WorkerGang() { shutdown(); }

  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      throw std::runtime_error("worker gang shut down");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }
  void pause() {
    std::lock_guard<std::mutex> lk(mu_);
    paused_ = true;
  }
  void resume() {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      throw std::logic_error("cannot resume a shut-down worker gang");
    paused_ = false;
    cv_.notify_all();
  }
  void drainAndStop() {
    {
      std::unique_lock<std::mutex> lk(mu_);
      paused_ = false;
      cv_.notify_all();
      idle_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
    }
    shutdown();
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopped_)
        return;
      stopped_ = true;
      paused_ = false;
    }
    cv_.notify_all();
    for (auto &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopped_ || (!paused_ && !jobs_.empty()); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++active_;
      }
      job();
      {
        std::lock_guard<std::mutex> lk(mu_);
        --active_;
      }
      idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  int active_ = 0;
  bool paused_ = false;
  bool stopped_ = false;
};

struct Ticket {
  std::string plate;
  double lengthMetres;
};

class DeckPlan {
public:
  void allocate(const Ticket &t) {
    std::lock_guard<std::mutex> lk(mu_);
    int lane = t.lengthMetres > 6.0 ? 1 : 2 + static_cast<int>(lanes_.size() % 4);
    lanes_[t.plate] = lane;
  }
  void printManifest() {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto &kv : lanes_)
      std::printf("%-10s lane %d\n", kv.first.c_str(), kv.second);
  }

private:
  std::mutex mu_;
  std::map<std::string, int> lanes_;
};

void boardLateArrival(WorkerGang &gang, DeckPlan &deck, const Ticket &t) {
  gang.submit([&deck, t] { deck.allocate(t); }); // SAME: late_arrival
}

int main() {
  DeckPlan deck;
  WorkerGang gang(3);
  for (const Ticket &t : {Ticket{"YK19 ABC", 4.4}, Ticket{"HGV 5521", 16.5}, Ticket{"MX70 RTF", 5.1}})
    gang.submit([&deck, t] { deck.allocate(t); });

  gang.pause(); // weather hold on the linkspan
  gang.submit([&deck] { deck.allocate({"CAMPER 9", 7.2}); });
  gang.resume(); // OK: resuming from a pause, not from a shutdown
  gang.submit([&deck] { deck.allocate({"BX66 LMN", 4.9}); }); // OK: the gang is running again

  gang.drainAndStop();
  deck.printManifest();
  gang.shutdown(); // OK: shutdown() is idempotent

  try {
    boardLateArrival(gang, deck, {"LATE 001", 4.2}); // BUG: use-after-close #late_arrival
  } catch (const std::exception &e) {
    std::fprintf(stderr, "late arrival refused: %s\n", e.what());
  }
  try {
    gang.resume(); // BUG: use-after-close
  } catch (const std::exception &e) {
    std::fprintf(stderr, "next sailing: %s\n", e.what());
  }
  return 0;
}
