// Image-thumbnail batch runner. A BlockingQueue<T> template carries jobs to
// three worker threads (BlockingQueue<Job>) and result lines to a logger
// thread (BlockingQueue<std::string>). Defects: the retry batch is published
// after finishAndClose() closed the job queue, and main closes the log queue
// before joining the workers, so a worker that is still processing pushes its
// result line into the closed queue (the exception escapes the thread and
// terminates the process).
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// push() throws std::runtime_error once close() has run; close() is
// idempotent; pop() blocks until an item is available and returns nullopt
// once the queue is closed and empty.
template <typename T> class BlockingQueue {
public:
  void push(T item) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        throw std::runtime_error("queue closed");
      items_.push_back(std::move(item));
    }
    cv_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closed_ = true;
    }
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T>
void publishAll(BlockingQueue<T> &q, const std::vector<T> &items) {
  for (const T &item : items)
    q.push(item); // SAME: late_publish
}

// Closes the queue so that consumers finish once it is drained.
template <typename T> void finishAndClose(BlockingQueue<T> &q, const char *what) {
  std::cerr << "closing " << what << " queue\n";
  q.close();
}

struct Job {
  std::string source;
  int width;
};

static std::string makeThumbnail(const Job &job) {
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return job.source + " -> " + std::to_string(job.width) + "px";
}

int main() {
  BlockingQueue<Job> jobs;
  BlockingQueue<std::string> logs;

  std::vector<std::thread> workers;
  for (int w = 0; w < 3; ++w)
    workers.emplace_back([&jobs, &logs, w] {
      while (std::optional<Job> job = jobs.pop()) { // OK: pop() keeps draining after close
        std::string line = makeThumbnail(*job);
        logs.push("worker " + std::to_string(w) + ": " + line); // BUG: use-after-close #log_race
      }
    });
  std::thread logger([&logs] {
    while (std::optional<std::string> line = logs.pop())
      std::cout << *line << "\n";
  });

  std::vector<Job> batch;
  for (int i = 0; i < 12; ++i)
    batch.push_back({"img/" + std::to_string(i) + ".jpg", 256});
  const std::vector<Job> retries = {{"img/failed-3.jpg", 256}};

  publishAll(jobs, batch);
  finishAndClose(jobs, "job");
  try {
    publishAll(jobs, retries); // BUG: use-after-close #late_publish
  } catch (const std::exception &e) {
    std::cerr << "publish failed: " << e.what() << "\n";
  }
  logs.push("main: job queue closed"); // OK: finishAndClose() closed the job queue, not the log queue

  logs.close(); // SAME: log_race
  for (std::thread &t : workers)
    t.join();
  logger.join();
  return 0;
}
