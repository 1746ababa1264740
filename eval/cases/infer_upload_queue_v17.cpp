// Multipart uploader for an object store. UploadSession is one multipart
// upload; PartPool runs part uploads on its own worker threads; Manifest is
// the JSON manifest written next to every uploaded object.
// Semantics, as implemented below:
//  - UploadSession::write() throws std::runtime_error once the session is
//    closed; close() is idempotent; finish() completes the upload and closes
//    the session; reopen() starts a new upload on the same session object.
//  - PartPool::drain() runs every queued task to completion and joins the
//    workers; cancel() drops queued tasks and returns at once, without
//    waiting for a task that is already running.
//  - Manifest::commit() writes the manifest and closes it; close() on a closed
//    manifest throws std::logic_error (the manifest would be written twice).
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class UploadSession {
public:
  explicit UploadSession(std::string url) : url_(std::move(url)) {}
  void write(const std::string &part) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("upload to " + url_ + " is closed");
    bytes_ += part.size();
  }
  void finish() {
    write("--complete--");
    close();
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  void reopen(std::string url) {
    std::lock_guard<std::mutex> lock(mu_);
    url_ = std::move(url);
    bytes_ = 0;
    closed_ = false;
  }

private:
  std::mutex mu_;
  std::string url_;
  std::size_t bytes_ = 0;
  bool closed_ = false;
};

class PartPool {
public:
  explicit PartPool(unsigned threads) {
    for (unsigned i = 0; i < threads; ++i)
      workers_.emplace_back([this] { run(); });
  }
  ~PartPool() { drain(); } // OK: a second drain() finds no workers left to join

  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      throw std::runtime_error("part pool stopped");
    queue_.push_back(std::move(task));
    cv_.notify_one();
  }

  void drain() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopped_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
    workers_.clear();
  }

  void cancel() {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.clear();
    stopped_ = true;
    cv_.notify_all();
  }

private:
  void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        task = std::move(queue_.front());
        queue_.pop_front();
      }
      task();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  bool stopped_ = false;
  std::vector<std::thread> workers_;
};

class Manifest {
public:
  void add(const std::string &entry) { body_ += entry + ","; }
  void commit() {
    body_ = "[" + body_ + "]";
    close();
  }
  void close() {
    if (closed_)
      throw std::logic_error("manifest already written");
    closed_ = true;
  }

private:
  std::string body_;
  bool closed_ = false;
};

// Sequential upload of a small object.
void uploadSmall(UploadSession &session, const std::vector<std::string> &chunks,
                 const std::string &checksum) {
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    session.write(chunks[i]);
    if (i + 1 == chunks.size())
      session.finish();
  }
  session.write("x-checksum:" + checksum); // BUG: use-after-close
}

// Parallel upload; `abort` is set by the caller's deadline timer thread.
bool uploadLarge(UploadSession &session, const std::vector<std::string> &parts,
                 const std::atomic<bool> &abort, Manifest &manifest) {
  PartPool pool(4);
  for (const std::string &part : parts)
    pool.post([&session, part] {
      session.write(part); // BUG: use-after-close #cancelrace
    });
  if (abort) {
    pool.cancel();
    session.close(); // SAME: cancelrace
    return false;
  }
  pool.drain();
  session.finish(); // OK: drain() joined every worker before the session closes
  session.close(); // OK: close() is idempotent
  for (const std::string &part : parts)
    manifest.add(std::to_string(part.size()));
  manifest.commit();
  manifest.close(); // BUG: double-close
  return true;
}

// Retries a failed upload on the same session object with a fresh URL.
void retryUpload(UploadSession &session, const std::string &url, const std::vector<std::string> &parts) {
  session.close();
  session.reopen(url);
  for (const std::string &part : parts)
    session.write(part); // OK: reopen() made the session usable again
  session.finish();
}

int main() {
  UploadSession small("s3://bucket/small");
  uploadSmall(small, {"aa", "bb"}, "c0ffee");
  UploadSession large("s3://bucket/large");
  Manifest manifest;
  std::atomic<bool> abort{false};
  if (!uploadLarge(large, {"p1", "p2", "p3"}, abort, manifest))
    retryUpload(large, "s3://bucket/large-retry", {"p1", "p2", "p3"});
  return 0;
}
