// A telemetry shipper: a sender thread moves buffered lines to a TCP channel;
// stop() sets the stopping flag and closes the channel under mu_ and only then
// joins the sender. The sender checks the atomic flag without taking mu_ and
// sends without it, so stop() can close the channel between that check and the
// send (and TcpChannel itself is not thread-safe). flushNow() shows the right
// pattern: the closed_ check and the send both happen under mu_, the mutex
// stop() holds while closing.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

class TcpChannel {
public:
  explicit TcpChannel(int fd) : fd_(fd) {}
  void send(const std::string &line) {
    if (fd_ < 0)
      throw std::runtime_error("send on closed telemetry channel");
    ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class Shipper {
public:
  explicit Shipper(int fd) : channel_(fd) {}
  ~Shipper() { stop(); }

  void start() { sender_ = std::thread([this] { loop(); }); }

  void enqueue(std::string line) {
    {
      std::lock_guard<std::mutex> lock(bufMu_);
      buffer_.push_back(std::move(line));
    }
    bufCv_.notify_one();
  }

  void flushNow(const std::string &marker) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    channel_.send(marker); // OK: closed_ checked and send done under mu_, which stop() holds to close
  }

  void stop() {
    stopping_.store(true);
    bufCv_.notify_all();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!closed_) {
        closed_ = true;
        channel_.close(); // SAME: stop
      }
    }
    if (sender_.joinable())
      sender_.join();
  }

private:
  void loop() {
    while (!stopping_.load()) {
      std::vector<std::string> batch;
      {
        std::unique_lock<std::mutex> lock(bufMu_);
        bufCv_.wait_for(lock, std::chrono::milliseconds(200),
                        [this] { return !buffer_.empty() || stopping_.load(); });
        batch.swap(buffer_);
      }
      if (stopping_.load())
        break;
      for (const auto &line : batch)
        channel_.send(line); // BUG: use-after-close #stop
    }
  }

  TcpChannel channel_;
  std::mutex mu_;
  bool closed_ = false;
  std::atomic<bool> stopping_{false};
  std::mutex bufMu_;
  std::condition_variable bufCv_;
  std::vector<std::string> buffer_;
  std::thread sender_;
};
