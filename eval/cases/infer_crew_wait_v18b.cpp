// Image thumbnailing job. A Crew (a pool that stores the assigned callables
// and runs them on worker threads it owns) renders thumbnails; every task
// reports its result on a shared ResultSink.
// Negative case: the sink is closed only after the crew has finished every
// task (awaitAll() or disband(), which both wait for the workers), each sink
// is closed exactly once, and nothing is assigned to the crew after
// disband(): the late-retry path checks disbanded() first.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// ResultSink: report() throws std::runtime_error after close(); close()
// twice throws std::logic_error. Internally synchronized.
class ResultSink {
public:
  void report(const std::string &line) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("result sink closed");
    lines_.push_back(line);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("result sink closed twice");
    closed_ = true;
    std::printf("%zu results\n", lines_.size());
  }

private:
  std::mutex mu_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

// Crew: assign() throws std::logic_error after disband(). awaitAll() blocks
// until every assigned task has run. disband() finishes the queue and joins
// the workers; it is idempotent.
class Crew {
public:
  explicit Crew(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      members_.emplace_back([this] { work(); });
  }
  ~Crew() { disband(); }

  void assign(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (disbanded_)
      throw std::logic_error("crew disbanded");
    jobs_.push_back(std::move(job));
    ++open_;
    cv_.notify_one();
  }
  void awaitAll() {
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait(lock, [this] { return open_ == 0; });
  }
  void disband() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (disbanded_)
        return;
      disbanded_ = true;
    }
    cv_.notify_all();
    for (auto &m : members_)
      m.join();
  }
  bool disbanded() const {
    std::lock_guard<std::mutex> lock(mu_);
    return disbanded_;
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return disbanded_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mu_);
      if (--open_ == 0)
        idle_.notify_all();
    }
  }

  mutable std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> members_;
  int open_ = 0;
  bool disbanded_ = false;
};

static std::string renderThumb(const std::string &path, int size) {
  return path + " -> " + std::to_string(size) + "px";
}

static void renderAlbum(Crew &crew, const std::vector<std::string> &photos) {
  auto sink = std::make_shared<ResultSink>();
  for (const auto &p : photos)
    crew.assign([sink, p] {
      sink->report(renderThumb(p, 256)); // OK: the sink is closed after awaitAll()
    });
  crew.awaitAll();
  sink->close(); // OK: all tasks finished, closed once
}

static void retryFailed(Crew &crew, const std::vector<std::string> &failed) {
  if (crew.disbanded())
    return;
  for (const auto &p : failed)
    crew.assign([p] { std::printf("retry %s\n", p.c_str()); }); // OK: checked disbanded() above
}

int main() {
  std::vector<std::string> album = {"beach.jpg", "dunes.jpg", "harbour.jpg", "pier.jpg"};
  Crew crew(3);
  renderAlbum(crew, album);

  auto archiveSink = std::make_shared<ResultSink>();
  for (const auto &p : album)
    crew.assign([archiveSink, p] {
      archiveSink->report(renderThumb(p, 1024)); // OK: disband() joins before the close
    });
  retryFailed(crew, {"pier.jpg"});
  crew.disband();
  archiveSink->close(); // OK: the crew has joined its workers
  retryFailed(crew, {"harbour.jpg"});
  return 0;
} // OK: ~Crew calls disband() again, which is idempotent
