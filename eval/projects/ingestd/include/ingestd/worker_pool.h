// Fixed-size pool of worker threads that run one handler on every submitted
// job. Used by the uploader.
//
// start() launches the threads. submit() after shutdown() throws
// std::runtime_error("worker pool shut down"). drain() blocks until the queue
// is empty and no job is running. shutdown() lets the queued jobs finish,
// joins the workers and is idempotent. A handler that throws is contained:
// the exception is dropped and the worker goes on with the next job.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace ingestd {

template <class Job> class WorkerPool {
public:
  using Handler = std::function<void(Job &)>;

  WorkerPool(unsigned threads, Handler handler)
      : threadCount_(threads ? threads : 1), handler_(std::move(handler)) {}

  ~WorkerPool() {
    shutdown(); // OK: shutdown() is idempotent
  }

  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void start() {
    std::lock_guard<std::mutex> lk(mu_);
    if (started_ || stopping_)
      return;
    started_ = true;
    for (unsigned i = 0; i < threadCount_; ++i)
      workers_.emplace_back([this] { workerLoop(); });
  }

  void submit(Job job) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      throw std::runtime_error("worker pool shut down");
    queue_.push_back(std::move(job));
    wake_.notify_one();
  }

  void drain() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] {
      return workers_.empty() || (queue_.empty() && running_ == 0);
    });
  }

  void shutdown() {
    std::vector<std::thread> workers;
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_)
        return;
      stopping_ = true;
      workers.swap(workers_);
    }
    wake_.notify_all();
    for (std::thread &t : workers)
      t.join();
    idle_.notify_all();
  }

  std::size_t queued() const {
    std::lock_guard<std::mutex> lk(mu_);
    return queue_.size();
  }

private:
  void workerLoop() {
    for (;;) {
      Job job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        wake_.wait(lk, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        job = std::move(queue_.front());
        queue_.pop_front();
        ++running_;
      }
      try {
        handler_(job);
      } catch (...) {
        // The handler reports its own failures; never let one kill a worker.
      }
      {
        std::lock_guard<std::mutex> lk(mu_);
        --running_;
        if (queue_.empty() && running_ == 0)
          idle_.notify_all();
      }
    }
  }

  const unsigned threadCount_;
  Handler handler_;
  mutable std::mutex mu_;
  std::condition_variable wake_, idle_;
  std::deque<Job> queue_;
  std::vector<std::thread> workers_;
  int running_ = 0;
  bool started_ = false;
  bool stopping_ = false;
};

} // namespace ingestd
