// Double-reed workshop (bassoon and oboe cane). Tubes of cane are fed to the
// gouging machine through a GougerFeed (pause() queues canes in a backlog,
// close() ends the feed for good, resume() does nothing once closed), weighed on
// a CaneScale (close() throws when called twice) and their gouge profile written
// to a ProfileLog (close() is idempotent). Gouging jobs run on the workshop's own
// Workbench, a one-thread job runner.
// Three mistakes: gouge_hasty() closes the feed while the submitted job may not
// have run yet; afternoon_shift() expects resume() to reopen a closed feed;
// evening() closes the scale again after finish_station() closed it.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct Cane {
  std::string tube;
  double diameter_mm = 0;
};

class GougerFeed {
public:
  void push(const Cane &c) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      throw std::runtime_error("gouger feed closed");
    (state_ == State::Paused ? backlog_ : fed_).push_back(c);
  }
  void pause() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Running)
      state_ = State::Paused;
  }
  void resume() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      return;
    state_ = State::Running;
    fed_.insert(fed_.end(), backlog_.begin(), backlog_.end());
    backlog_.clear();
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    state_ = State::Closed;
  }

private:
  enum class State { Running, Paused, Closed };
  std::mutex mu_;
  State state_ = State::Running;
  std::vector<Cane> fed_, backlog_;
};

class CaneScale {
public:
  double weigh(const Cane &c) {
    if (closed_)
      throw std::runtime_error("cane scale closed");
    return c.diameter_mm * 0.42;
  }
  void close() {
    if (closed_)
      throw std::logic_error("cane scale already closed");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

class ProfileLog {
public:
  void write(const std::string &line) {
    if (!open_)
      throw std::runtime_error("profile log closed");
    lines_.push_back(line);
  }
  // Safe to call more than once.
  void close() {
    if (!open_)
      return;
    open_ = false;
  }

private:
  bool open_ = true;
  std::vector<std::string> lines_;
};

class Workbench {
public:
  Workbench() : worker_([this] { loop(); }) {}
  ~Workbench() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    worker_.join();
  }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return jobs_.empty() && !busy_; });
  }

private:
  void loop() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      auto job = std::move(jobs_.front());
      jobs_.pop_front();
      busy_ = true;
      lk.unlock();
      job();
      lk.lock();
      busy_ = false;
      if (jobs_.empty())
        idle_.notify_all();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread worker_;
};

void gouge_batch(Workbench &bench, GougerFeed &feed, const std::vector<Cane> &canes) {
  for (const auto &c : canes)
    bench.submit([&feed, c] { feed.push(c); }); // OK: drain() below waits for every job
  bench.drain();
  feed.close();
}

void gouge_hasty(Workbench &bench, GougerFeed &feed, const Cane &last) {
  bench.submit([&feed, last] { feed.push(last); }); // BUG: use-after-close #queued
  feed.close(); // SAME: queued
  bench.drain();
}

static void end_morning_shift(GougerFeed &feed) { feed.close(); }

void afternoon_shift(GougerFeed &feed, const Cane &c) {
  end_morning_shift(feed);
  feed.resume();
  feed.push(c); // BUG: use-after-close
}

void tea_break(GougerFeed &feed, const Cane &c) {
  feed.pause();
  feed.push(c); // OK: a paused feed queues the cane in its backlog
  feed.resume();
  feed.push(c); // OK: pause() is not close()
}

static void finish_station(CaneScale &scale, ProfileLog &log) {
  log.close();
  scale.close();
}

void evening(CaneScale &scale, ProfileLog &log, const Cane &c) {
  log.write(c.tube + " weight " + std::to_string(scale.weigh(c)));
  finish_station(scale, log);
  log.close(); // OK: ProfileLog::close() is idempotent
  scale.close(); // BUG: double-close
}

void workshop_day(const std::vector<Cane> &canes, const Cane &spare) {
  Workbench bench;
  GougerFeed morning, hasty, afternoon;
  tea_break(morning, spare);
  gouge_batch(bench, morning, canes);
  gouge_hasty(bench, hasty, spare);
  afternoon_shift(afternoon, spare);
  CaneScale scale;
  ProfileLog log;
  evening(scale, log, spare);
}
