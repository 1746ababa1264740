// Image service: uploaded photos are resized on the service's own WorkerPool
// and the thumbnails are pushed to the CDN by a second-stage task.
// WorkerPool semantics (defined below): submit() throws std::runtime_error
// ("pool stopped") once shutdown() has started; shutdown() lets the workers
// run what is already queued, joins them, and returns at once when called
// again; waitIdle() blocks until no task is queued or running (after
// shutdown() nothing is left, so it returns at once).
// CdnUploader semantics: upload() throws std::runtime_error once closed;
// close() commits the upload session, and a second close() throws
// std::logic_error (the session would be committed twice).
#include <condition_variable>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
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
  void submit(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      throw std::runtime_error("pool stopped");
    queue_.push_back(std::move(task));
    work_.notify_one();
  }
  void waitIdle() {
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait(lock, [this] { return queue_.empty() && active_ == 0; });
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_)
        return;
      stopping_ = true;
    }
    work_.notify_all();
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        work_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        task = std::move(queue_.front());
        queue_.pop_front();
        ++active_;
      }
      task();
      std::lock_guard<std::mutex> lock(mu_);
      --active_;
      idle_.notify_all();
    }
  }
  std::mutex mu_;
  std::condition_variable work_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  int active_ = 0;
  bool stopping_ = false;
};

class CdnUploader {
public:
  void upload(const std::string &object) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("cdn session closed: " + object);
    std::cout << "PUT " << object << "\n";
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("cdn session committed twice");
    closed_ = true;
  }

private:
  std::mutex mu_;
  bool closed_ = false;
};

class ThumbnailService {
public:
  ~ThumbnailService() { stop(); }
  void start() {
    pool_ = std::make_unique<WorkerPool>(4);
    accepting_ = true;
  }
  bool accepting() const { return accepting_; }
  void onUpload(const std::string &image) {
    pool_->submit([this, image] { resize(image); }); // SAME: late
  }
  void drain() { pool_->waitIdle(); }
  void stop() {
    accepting_ = false;
    pool_->shutdown(); // SAME: stagerace
    cdn_.close(); // SAME: stoptwice
  }

private:
  void resize(const std::string &image) {
    std::string thumb = image + ".256x256.jpg";
    // Second stage, so resizing workers never wait on the network.
    pool_->submit([this, thumb] { // BUG: use-after-close #stagerace
      cdn_.upload(thumb); // OK: stop() joins the pool before closing the uploader
    });
  }

  std::unique_ptr<WorkerPool> pool_;
  CdnUploader cdn_;
  bool accepting_ = false;
};

int main(int argc, char **argv) {
  bool fastStop = argc > 1 && std::string(argv[1]) == "--fast-stop";
  {
    ThumbnailService svc;
    svc.start();
    for (const char *img : {"beach.jpg", "cat.png", "receipt.jpg"})
      svc.onUpload(img);
    if (!fastStop)
      svc.drain();
    svc.stop();
    svc.drain(); // OK: waitIdle() on a shut-down pool returns at once
    if (svc.accepting())
      svc.onUpload("skipped.jpg"); // OK: accepting() is false after stop()
    try {
      svc.onUpload("late.jpg"); // BUG: use-after-close #late
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
    }
  } // BUG: double-close #stoptwice
  return 0;
}
