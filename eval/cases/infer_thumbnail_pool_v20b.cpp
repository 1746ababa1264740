// Thumbnail renderer: a WorkerPool of our own stores std::function tasks in a
// queue and runs them on the threads it starts in its constructor. drain()
// blocks until the queue is empty and no task is running; shutdown() lets the
// queued tasks finish, joins the threads, and is idempotent; submit() after
// shutdown() throws std::runtime_error("pool is shut down"). A task that
// throws is logged and dropped. ThumbnailSink::write() throws once the sink is
// closed (the thumbnail is lost); ThumbnailSink::close() is idempotent.
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
  explicit WorkerPool(unsigned n);
  ~WorkerPool() { shutdown(); }
  void submit(std::function<void()> task);
  void drain();
  void shutdown();

private:
  void worker();
  std::mutex mu_;
  std::condition_variable work_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  unsigned busy_ = 0;
  bool stopped_ = false;
};

WorkerPool::WorkerPool(unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    threads_.emplace_back(&WorkerPool::worker, this);
}

void WorkerPool::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    throw std::runtime_error("pool is shut down");
  queue_.push_back(std::move(task));
  work_.notify_one();
}

void WorkerPool::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return queue_.empty() && busy_ == 0; });
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    stopped_ = true;
  }
  work_.notify_all();
  for (std::thread &t : threads_)
    t.join();
  threads_.clear();
}

void WorkerPool::worker() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
    if (queue_.empty())
      return;
    std::function<void()> task = std::move(queue_.front());
    queue_.pop_front();
    ++busy_;
    lock.unlock();
    try {
      task();
    } catch (const std::exception &e) {
      std::cerr << "task failed: " << e.what() << "\n";
    }
    lock.lock();
    --busy_;
    idle_.notify_all();
  }
}

class ThumbnailSink {
public:
  explicit ThumbnailSink(std::string archive) : archive_(std::move(archive)) {}
  void write(const std::string &name, const std::string &pixels) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error(archive_ + " closed, lost " + name);
    entries_.push_back(name + ":" + std::to_string(pixels.size()));
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  std::string archive_;
  std::vector<std::string> entries_;
  bool closed_ = false;
};

static std::string scale(const std::string &image) { return image + "@128x128"; }

// Upload handler: the archive is sealed as soon as the batch is queued.
static void renderUploads(WorkerPool &pool, const std::vector<std::string> &images) {
  auto sink = std::make_shared<ThumbnailSink>("uploads-thumbs.tar");
  for (const std::string &img : images)
    pool.submit([sink, img] {
      sink->write(img, scale(img)); // BUG: use-after-close #sealrace
    });
  sink->close(); // SAME: sealrace
}

// Gallery rebuild: the pool is drained before the archive is sealed.
static void rebuildGallery(WorkerPool &pool, const std::vector<std::string> &images) {
  auto sink = std::make_shared<ThumbnailSink>("gallery-thumbs.tar");
  for (const std::string &img : images)
    pool.submit([sink, img] {
      sink->write(img, scale(img)); // OK: drain() below finishes every task before close()
    });
  pool.drain();
  sink->close();
}

int main() {
  WorkerPool pool(4);
  rebuildGallery(pool, {"a.jpg", "b.jpg", "c.jpg"});
  renderUploads(pool, {"u1.png", "u2.png"});
  pool.drain();
  pool.shutdown();
  pool.shutdown(); // OK: shutdown() returns early when already stopped
  try {
    pool.submit([] { std::cout << "late thumbnail\n"; }); // BUG: use-after-close
  } catch (const std::exception &e) {
    std::cerr << "submit: " << e.what() << "\n";
  }
  return 0;
}
