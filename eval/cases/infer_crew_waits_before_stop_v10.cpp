// Negative. The user's own thread pool (Crew) runs submitted callables on its
// threads; waitIdle() returns only when no job is queued or running, and the
// destructor finishes every queued job before joining. flushMetrics() posts
// publish jobs, waits for the crew to go idle and only then stops the
// publisher; rebuildIndex() lets a crew that lives in an inner scope finish
// and join before the writer is released. No job can run after the close.
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

class Crew {
public:
  explicit Crew(std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
      members_.emplace_back([this] { run(); });
  }

  ~Crew() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closing_ = true;
    }
    ready_.notify_all();
    for (std::thread &member : members_)
      member.join();
  }

  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(job));
      ++inFlight_;
    }
    ready_.notify_one();
  }

  void waitIdle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return inFlight_ == 0; });
  }

private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--inFlight_ == 0)
        idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> members_;
  std::size_t inFlight_ = 0;
  bool closing_ = false;
};

class MetricsPublisher {
public:
  void publish(const std::string &metric) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_)
      throw std::runtime_error("metrics publisher stopped");
    sent_.push_back(metric);
  }
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
  bool stopped_ = false;
};

class IndexWriter {
public:
  void write(const std::string &doc) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (released_)
      throw std::runtime_error("index writer released");
    docs_.push_back(doc);
  }
  void release() {
    std::lock_guard<std::mutex> lock(mutex_);
    released_ = true;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> docs_;
  bool released_ = false;
};

void flushMetrics(Crew &crew, MetricsPublisher &publisher,
                  const std::vector<std::string> &metrics) {
  for (const std::string &metric : metrics)
    crew.post([&publisher, metric] { publisher.publish(metric); }); // OK: waitIdle() below finishes it before stop()
  crew.waitIdle();
  publisher.stop(); // OK: no publish job is queued or running
}

void rebuildIndex(IndexWriter &writer, const std::vector<std::string> &docs) {
  {
    Crew crew(4);
    for (const std::string &doc : docs)
      crew.post([&writer, &doc] { writer.write(doc); }); // OK: the crew's destructor runs it before release()
  }
  writer.release(); // OK: the crew finished its queue and joined its threads
}
