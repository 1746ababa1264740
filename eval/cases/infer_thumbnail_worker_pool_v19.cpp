// Thumbnail service with its own worker pool. WorkerPool runs submitted
// tasks on threads it owns: submit() throws std::runtime_error once
// shutdown() has begun; waitIdle() blocks until the queue is empty and no
// task is running; shutdown() lets queued tasks finish, joins the threads,
// and returns early when called again. The manifest is a plain FILE*; the
// results connection is a net::Connection (send() throws once closed).
#include "netconn.h"

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class WorkerPool {
public:
  explicit WorkerPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this] { loop(); });
  }
  ~WorkerPool() { shutdown(); }
  void submit(std::function<void()> task);
  void waitIdle();
  void shutdown();

private:
  void loop();
  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  unsigned busy_ = 0;
  bool stopping_ = false;
};

void WorkerPool::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_)
    throw std::runtime_error("worker pool is shut down");
  queue_.push_back(std::move(task));
  cv_.notify_one();
}

void WorkerPool::waitIdle() {
  std::unique_lock<std::mutex> lk(mu_);
  idle_.wait(lk, [this] { return queue_.empty() && busy_ == 0; });
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread &t : threads_)
    t.join();
}

void WorkerPool::loop() {
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    cv_.wait(lk, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty())
      return;
    auto task = std::move(queue_.front());
    queue_.pop_front();
    ++busy_;
    lk.unlock();
    task();
    lk.lock();
    --busy_;
    idle_.notify_all();
  }
}

class ThumbnailService {
public:
  explicit ThumbnailService(const std::string &resultsEndpoint) : results_(resultsEndpoint), pool_(4) {}
  void processBatch(const std::string &manifestPath, const std::vector<std::string> &images);
  void processAlbum(const std::string &manifestPath, const std::vector<std::string> &images);
  void evictCache();
  void stop();

private:
  net::Connection results_;
  std::mutex resultsMu_;
  WorkerPool pool_; // declared last: destroyed (and joined) first
};

void ThumbnailService::processBatch(const std::string &manifestPath,
                                    const std::vector<std::string> &images) {
  FILE *manifest = std::fopen(manifestPath.c_str(), "w");
  if (!manifest)
    return;
  for (const std::string &img : images)
    pool_.submit([this, manifest, img] {
      std::fprintf(manifest, "%s.thumb.jpg\n", img.c_str()); // BUG: use-after-close #manifestrace
      std::lock_guard<std::mutex> lk(resultsMu_);
      results_.send("done " + img); // OK: results_ is closed only in stop(), after shutdown() joined the workers
    });
  std::fclose(manifest); // SAME: manifestrace
}

void ThumbnailService::processAlbum(const std::string &manifestPath,
                                    const std::vector<std::string> &images) {
  FILE *manifest = std::fopen(manifestPath.c_str(), "w");
  if (!manifest)
    return;
  for (const std::string &img : images)
    pool_.submit([manifest, img] {
      std::fprintf(manifest, "%s.album.jpg\n", img.c_str()); // OK: waitIdle() runs before the fclose
    });
  pool_.waitIdle();
  std::fclose(manifest);
}

void ThumbnailService::evictCache() {
  pool_.submit([] { std::remove("/var/cache/thumbs/.lru"); }); // SAME: lateevict
}

void ThumbnailService::stop() {
  pool_.shutdown();
  results_.close();
  pool_.shutdown(); // OK: a second shutdown() returns early
  // Leave a clean cache for the next start.
  evictCache(); // BUG: use-after-close #lateevict
}
