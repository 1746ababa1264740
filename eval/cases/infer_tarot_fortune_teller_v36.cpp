// Tarot parlour back office. A ReadingSession can be paused and resumed, but
// resume() silently returns once the session was shut down, and deal() throws
// then. The CardFeed (to the clients' phones) throws on a second close(); the
// ParlourLedger's close() is documented idempotent. The BackroomCrew is the
// parlour's own thread pool: submit() queues a job for its worker threads and
// wait() blocks until the queue is idle. evening_readings() queues sends and
// closes the feed right away, so workers may send on the closed feed; the
// matinee waits first. closing_time() closes the feed and then calls stop(),
// which closes it again.
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

class ReadingSession {
 public:
  enum class State { Reading, Paused, ShutDown };
  void pause() { if (state_ == State::Reading) state_ = State::Paused; }
  void resume() {
    if (state_ == State::ShutDown) return;
    state_ = State::Reading;
  }
  std::string deal(int cards) {
    if (state_ == State::ShutDown) throw std::runtime_error("reading session shut down");
    return std::to_string(cards) + " cards dealt";
  }
  void shutdown() { state_ = State::ShutDown; }

 private:
  State state_ = State::Reading;
};

class CardFeed {
 public:
  void send(const std::string& msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("card feed closed");
    sent_.push_back(msg);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::logic_error("card feed closed twice");
    closed_ = true;
  }

 private:
  std::mutex mu_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class ParlourLedger {
 public:
  explicit ParlourLedger(int fd) : fd_(fd) {}
  void note(const std::string& line) {
    if (fd_ < 0) throw std::runtime_error("ledger closed");
    ::write(fd_, line.data(), line.size());
  }
  // Safe to call any number of times.
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class BackroomCrew {
 public:
  explicit BackroomCrew(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) workers_.emplace_back([this] { loop(); });
  }
  ~BackroomCrew() { stop(); }
  void submit(std::function<void()> job) {
    { std::lock_guard<std::mutex> lk(mu_); jobs_.push(std::move(job)); }
    cv_.notify_one();
  }
  void wait() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
  }
  void stop() {
    { std::lock_guard<std::mutex> lk(mu_); stopping_ = true; }
    cv_.notify_all();
    for (auto& t : workers_) if (t.joinable()) t.join();
  }

 private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop();
        ++active_;
      }
      job();
      { std::lock_guard<std::mutex> lk(mu_); --active_; }
      idle_.notify_all();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  std::size_t active_ = 0;
  bool stopping_ = false;
};

void matinee(BackroomCrew& crew, CardFeed& feed, const std::vector<std::string>& clients) {
  for (const auto& c : clients) crew.submit([&feed, c] { feed.send("matinee reading for " + c); });  // OK: wait() below
  crew.wait();
  feed.close();  // OK: every queued send has finished
}

void evening_readings(BackroomCrew& crew, CardFeed& feed, const std::vector<std::string>& clients) {
  for (const auto& c : clients) crew.submit([&feed, c] { feed.send("reading for " + c); });  // BUG: use-after-close #crew
  feed.close();  // SAME: crew
}

class Parlour {
 public:
  explicit Parlour(int ledger_fd) : ledger_(ledger_fd) {}
  ~Parlour() { ledger_.close(); }  // OK: idempotent ledger close
  void stop() {
    ledger_.close();
    feed_.close();  // SAME: stop
  }
  void closing_time() {
    feed_.send("the parlour is closing");  // OK
    feed_.close();
    ledger_.note("closed at midnight\n");
    stop();  // BUG: double-close #stop
  }
  void storm() {
    ReadingSession s;
    s.pause();
    s.resume();
    ledger_.note(s.deal(3));  // OK: paused and resumed, not shut down
    s.shutdown();
    s.resume();  // OK: resume() returns early once shut down
    ledger_.note(s.deal(1));  // BUG: use-after-close
  }

 private:
  CardFeed feed_;
  ParlourLedger ledger_;
};
