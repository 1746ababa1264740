// A log forwarder checks its atomic stopping_ flag before taking the mutex and
// writes to the channel after acquiring it; stop() takes the mutex, sets the
// flag and disconnects the channel. A tail thread can pass the check, lose the
// race to stop(), then acquire the mutex and write on the disconnected channel
// ("log channel disconnected"). forwardChecked() re-checks the flag under the
// mutex and is correct.
#include <atomic>
#include <cstddef>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class LogChannel {
public:
  void write(const std::string &line) {
    if (disconnected_)
      throw std::runtime_error("log channel disconnected");
    lines_.push_back(line);
  }
  void disconnect() { disconnected_ = true; }

private:
  std::vector<std::string> lines_;
  bool disconnected_ = false;
};

class LogForwarder {
public:
  void forward(const std::string &line) {
    if (stopping_.load())
      return;
    std::lock_guard<std::mutex> lock(mutex_);
    channel_.write(line); // BUG: use-after-close #forward
  }

  void forwardChecked(const std::string &line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_.load())
      return;
    channel_.write(line); // OK: the flag is re-checked under the mutex stop() holds
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    channel_.disconnect(); // SAME: forward
  }

private:
  LogChannel channel_;
  std::mutex mutex_;
  std::atomic<bool> stopping_{false};
};

class LineSource {
public:
  explicit LineSource(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  std::optional<std::string> next() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (index_ >= lines_.size())
      return std::nullopt;
    return lines_[index_++];
  }

private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
  std::size_t index_ = 0;
};

void tailAndForward(LineSource &access, LineSource &audit) {
  LogForwarder forwarder;
  std::thread accessTail([&] {
    while (std::optional<std::string> line = access.next())
      forwarder.forward(*line);
  });
  std::thread auditTail([&] {
    while (std::optional<std::string> line = audit.next())
      forwarder.forwardChecked(*line);
  });
  forwarder.stop();
  accessTail.join();
  auditTail.join();
}
