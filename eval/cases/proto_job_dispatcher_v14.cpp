// Job dispatcher over the application's own JobChannel. JobChannel::send()
// throws std::runtime_error("channel is closed") once the channel is closed and
// std::runtime_error("channel is full") at capacity; receive() keeps handing
// out queued jobs after close(); close() on a closed channel throws
// std::logic_error("channel is already closed").
// Defects: stop() calls drain(), which already closes the channel, and then
// closes it again; shedLoad() closes the channel and then sends its "shed"
// control message on it.
#include <cstddef>
#include <deque>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>

struct Job {
  std::string id;
  std::string payload;
};

class JobChannel {
public:
  explicit JobChannel(std::size_t capacity = 64) : capacity_(capacity) {}

  void send(Job job) {
    if (closed_)
      throw std::runtime_error("channel is closed");
    if (queue_.size() >= capacity_)
      throw std::runtime_error("channel is full");
    queue_.push_back(std::move(job));
  }

  bool receive(Job &out) {
    if (queue_.empty())
      return false;
    out = std::move(queue_.front());
    queue_.pop_front();
    return true;
  }

  void close() {
    if (closed_)
      throw std::logic_error("channel is already closed");
    closed_ = true;
  }

  bool closed() const { return closed_; }

private:
  std::size_t capacity_;
  std::deque<Job> queue_;
  bool closed_ = false;
};

class Dispatcher {
public:
  explicit Dispatcher(std::size_t capacity) : capacity_(capacity), chan_(capacity) {}

  bool submit(Job job) {
    if (chan_.closed()) {
      ++rejected_;
      return false;
    }
    try {
      chan_.send(std::move(job)); // OK: closed() was checked just above
    } catch (const std::runtime_error &) {
      shedLoad();
      return false;
    }
    return true;
  }

  void reset() {
    chan_ = JobChannel(capacity_);
    chan_.send({"control", "reset"}); // OK: chan_ was replaced by a fresh channel
  }

  void drain() {
    if (chan_.closed())
      return;
    chan_.close();
    Job job;
    while (chan_.receive(job)) // OK: receive() keeps delivering queued jobs after close(), by design
      run(job);
  }

  void stop() {
    drain();
    chan_.close(); // BUG: double-close
  }

private:
  void shedLoad() {
    std::cerr << "dispatcher overloaded, shedding new work\n";
    chan_.close();
    chan_.send({"control", "shed"}); // BUG: use-after-close
  }

  void run(const Job &job) { std::cout << "ran " << job.id << '\n'; }

  std::size_t capacity_;
  JobChannel chan_;
  long rejected_ = 0;
};

int main() {
  Dispatcher dispatcher(4);
  for (int i = 0; i < 3; ++i)
    dispatcher.submit({"job-" + std::to_string(i), "resize image"});
  dispatcher.drain();
  dispatcher.reset();
  dispatcher.submit({"job-3", "resize image"}); // OK: reset() installed a new channel after drain() closed the old one
  try {
    for (int i = 4; i < 12; ++i)
      dispatcher.submit({"job-" + std::to_string(i), "resize image"});
  } catch (const std::exception &e) {
    std::cerr << "submit failed: " << e.what() << '\n';
  }
  dispatcher.stop(); // BUG: double-close
  return 0;
}
