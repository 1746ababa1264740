// Harmonica workshop: comb plates are laser-engraved from a PlateFeed (a
// socket to the engraver). Jobs run on the workshop's own EngraverCrew, a
// small thread pool that stores callables and runs them on its threads;
// wait() drains the queue and joins them. PlateFeed::resume() only lifts a
// pause and returns early once the feed is closed, so it does not bring a
// closed feed back. Bugs: the order routine closes the feed while crew jobs
// may still be sending, and the lens swap "resumes" a feed it closed.
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class EngraverCrew {
 public:
  explicit EngraverCrew(unsigned n) {
    for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { run(); });
  }
  ~EngraverCrew() { wait(); }
  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) throw std::runtime_error("engraver crew stopping");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }
  // Lets queued jobs finish, then joins every worker.
  void wait() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_)
      if (t.joinable()) t.join();
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
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

class PlateFeed {
 public:
  explicit PlateFeed(int fd) : fd_(fd) {}
  void send(const std::string& plate) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("plate feed closed");
    if (paused_) {
      backlog_.push_back(plate);
      return;
    }
    ::send(fd_, plate.data(), plate.size(), MSG_NOSIGNAL);
  }
  void pause() {
    std::lock_guard<std::mutex> lk(mu_);
    paused_ = true;
  }
  void resume() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    paused_ = false;
    for (const auto& p : backlog_) ::send(fd_, p.data(), p.size(), MSG_NOSIGNAL);
    backlog_.clear();
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    closed_ = true;
    ::close(fd_);
  }

 private:
  std::mutex mu_;
  int fd_;
  bool closed_ = false;
  bool paused_ = false;
  std::vector<std::string> backlog_;
};

void replace_lens();

void engrave_order(EngraverCrew& crew, PlateFeed& feed, const std::vector<std::string>& combs) {
  for (const auto& c : combs) {
    crew.submit([&feed, c] {
      feed.send(c);  // BUG: use-after-close #engrave
    });
  }
  feed.close();  // SAME: engrave
}

void engrave_and_wait(PlateFeed& feed, const std::vector<std::string>& combs) {
  EngraverCrew crew(2);
  for (const auto& c : combs) {
    crew.submit([&feed, c] {
      feed.send(c);  // OK: crew.wait() joins every job before the feed is closed
    });
  }
  crew.wait();
  feed.close();
}

void lunch_break(PlateFeed& feed) {
  feed.pause();
  feed.send("C-10-hole");
  feed.resume();
  feed.send("G-10-hole");  // OK: pause() and resume() never close the feed
}

void swap_laser_lens(PlateFeed& feed) {
  feed.close();
  replace_lens();
  feed.resume();  // OK: a no-op, resume() returns early on a closed feed
  feed.send("test-pattern");  // BUG: use-after-close
}

void replace_lens() {}
