// Sandcastle contest judging. The Scoreboard (the big beach display) can be
// suspended and reopened, but retire() is permanent: reopen() returns false
// afterwards and post() throws. retire() throws when called twice, while
// JudgePanel::finish() returns early on a second call. Scores are posted by
// three kinds of runners: InlineRunner runs each job immediately on the
// caller's thread, TideClock runs jobs later on its own thread and drops any
// pending job in halt() after joining its thread. The high-tide path queues a
// score on the TideClock and retires the board without halting the clock;
// the storm path ignores reopen()'s result; prize_giving() retires the board
// and then calls pack_up(), which retires it again.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class Scoreboard {
 public:
  void post(const std::string& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (retired_ || suspended_) throw std::runtime_error("scoreboard not accepting posts");
    shown_ = line;
  }
  void suspend() { std::lock_guard<std::mutex> lk(mu_); suspended_ = true; }
  bool reopen() {
    std::lock_guard<std::mutex> lk(mu_);
    if (retired_) return false;
    suspended_ = false;
    return true;
  }
  void retire() {
    std::lock_guard<std::mutex> lk(mu_);
    if (retired_) throw std::logic_error("scoreboard retired twice");
    retired_ = true;
  }

 private:
  std::mutex mu_;
  std::string shown_;
  bool suspended_ = false;
  bool retired_ = false;
};

class JudgePanel {
 public:
  void vote(int castle, int points) {
    if (finished_) throw std::runtime_error("panel finished");
    total_ += points;
    last_castle_ = castle;
  }
  void finish() {
    if (finished_) return;
    finished_ = true;
  }
  int total() const { return total_; }

 private:
  int total_ = 0;
  int last_castle_ = 0;
  bool finished_ = false;
};

class InlineRunner {
 public:
  void submit(const std::function<void()>& job) { job(); }
};

class TideClock {
 public:
  TideClock() : worker_([this] { run(); }) {}
  ~TideClock() { halt(); }
  void submit(std::function<void()> job) {
    { std::lock_guard<std::mutex> lk(mu_); jobs_.push_back(std::move(job)); }
    cv_.notify_one();
  }
  void halt() {
    { std::lock_guard<std::mutex> lk(mu_); halted_ = true; jobs_.clear(); }
    cv_.notify_all();
    if (worker_.joinable()) worker_.join();
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait_for(lk, std::chrono::milliseconds(250), [this] { return halted_ || !jobs_.empty(); });
      if (halted_) return;
      if (jobs_.empty()) continue;
      auto job = std::move(jobs_.front());
      jobs_.pop_front();
      lk.unlock();
      job();
      lk.lock();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  bool halted_ = false;
  std::thread worker_;
};

void quick_heat(Scoreboard& board, JudgePanel& panel) {
  InlineRunner runner;
  runner.submit([&] { board.post("heat 1: turret class"); });  // OK: InlineRunner runs it before returning
  panel.vote(7, 9);
  panel.finish();
  panel.finish();  // OK: finish() returns early the second time
  board.retire();
}

void calm_evening(Scoreboard& board, TideClock& clock) {
  clock.submit([&board] { board.post("best moat: castle 12"); });  // OK: halt() joins before retire
  clock.halt();
  board.retire();
}

void high_tide(Scoreboard& board, TideClock& clock) {
  clock.submit([&board] { board.post("tide is in: judging over"); });  // BUG: use-after-close #tide
  board.retire();  // SAME: tide
}

void storm(Scoreboard& board) {
  board.suspend();
  if (board.reopen()) board.post("resumed after squall");  // OK: reopen() succeeded
  board.retire();
  board.reopen();
  board.post("back on after the storm");  // BUG: use-after-close
}

static void pack_up(Scoreboard& board, JudgePanel& panel) {
  panel.finish();  // OK: finish() is idempotent
  board.retire();  // SAME: packup
}

void prize_giving(Scoreboard& board, JudgePanel& panel) {
  board.post("winner: " + std::to_string(panel.total()) + " points");  // OK
  panel.finish();
  board.retire();
  pack_up(board, panel);  // BUG: double-close #packup
}
