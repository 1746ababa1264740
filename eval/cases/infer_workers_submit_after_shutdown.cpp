// A Workers pool (the application's own: it keeps std::function tasks and
// runs them on threads it owns, joined by shutdown()). Submitting a task after
// shutdown() throws "workers stopped" (bug). shutdown() returns early when it
// has already run, so the explicit shutdown followed by the destructor's one,
// or two explicit ones, are correct.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <thread>
#include <vector>

class Workers {
public:
  explicit Workers(unsigned count) {
    for (unsigned i = 0; i < count; ++i)
      threads_.emplace_back(&Workers::work, this);
  }
  ~Workers() { shutdown(); }

  void submit(std::function<void()> job) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (stopped_)
      throw std::runtime_error("workers stopped");
    jobs_.push(std::move(job));
    lock.unlock();
    cv_.notify_one();
  }

  void shutdown() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (stopped_)
      return;
    stopped_ = true;
    lock.unlock();
    cv_.notify_all();
    for (auto &thread : threads_)
      if (thread.joinable())
        thread.join();
  }

private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      cv_.wait(lock, [this] { return stopped_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      auto job = std::move(jobs_.front());
      jobs_.pop();
      lock.unlock();
      job();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopped_ = false;
};

void reindex(const std::vector<int> &shards) {
  Workers workers(2);
  for (int shard : shards)
    workers.submit([shard] { (void)shard; }); // OK
  workers.shutdown();
  workers.submit([] {}); // BUG: use-after-close
}

void drainTwice() {
  Workers workers(1);
  workers.submit([] {}); // OK
  workers.shutdown();
  workers.shutdown(); // OK
}
