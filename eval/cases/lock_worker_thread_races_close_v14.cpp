// Syslog relay. RelayForwarder's worker thread sends queued lines to a TCP
// socket; its stop() raises the stopping flag and closes the socket before
// joining, so the worker can be between its flag check and ::send() when the
// descriptor is closed (and the number may already be reused). WakeupReader's
// stop() closes the read end of its control pipe to "wake" the thread blocked
// in ::read() on it, the same race (closing the write end and joining would
// be right). Both are defects. DrainingForwarder does it right: it shuts the
// queue down under the queue mutex, joins the worker, and only then closes
// the socket.
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

class LineQueue {
public:
  void push(std::string line) {
    std::lock_guard<std::mutex> lk(mu_);
    lines_.push_back(std::move(line));
    cv_.notify_one();
  }
  // Returns false on timeout or once shut down and empty.
  bool pop(std::string &out, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lk(mu_);
    if (!cv_.wait_for(lk, timeout, [this] { return done_ || !lines_.empty(); }) ||
        lines_.empty())
      return false;
    out = std::move(lines_.front());
    lines_.pop_front();
    return true;
  }
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    done_ = true;
    cv_.notify_all();
  }
  bool finished() {
    std::lock_guard<std::mutex> lk(mu_);
    return done_ && lines_.empty();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
  bool done_ = false;
};

class RelayForwarder {
public:
  explicit RelayForwarder(int sock) : sock_(sock) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void enqueue(std::string line) { queue_.push(std::move(line)); }
  void stop() {
    stopping_ = true;
    ::close(sock_); // SAME: relayrace
    worker_.join();
  }

private:
  void run() {
    std::string line;
    while (!stopping_) {
      if (!queue_.pop(line, std::chrono::milliseconds(100)))
        continue;
      ::send(sock_, line.data(), line.size(), MSG_NOSIGNAL); // BUG: use-after-close #relayrace
    }
  }
  int sock_;
  std::atomic<bool> stopping_{false};
  LineQueue queue_;
  std::thread worker_;
};

class DrainingForwarder {
public:
  explicit DrainingForwarder(int sock) : sock_(sock) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void enqueue(std::string line) { queue_.push(std::move(line)); }
  void stop() {
    queue_.shutdown();
    worker_.join();
    ::close(sock_); // OK: the worker has been joined
  }

private:
  void run() {
    std::string line;
    while (!queue_.finished()) {
      if (queue_.pop(line, std::chrono::milliseconds(100)))
        ::send(sock_, line.data(), line.size(), MSG_NOSIGNAL); // OK: stop() joins before closing
    }
  }
  int sock_;
  LineQueue queue_;
  std::thread worker_;
};

class WakeupReader {
public:
  explicit WakeupReader(int readFd) : readFd_(readFd) {}
  void start() {
    thread_ = std::thread([this] {
      char buf[256];
      for (;;) {
        ssize_t n = ::read(readFd_, buf, sizeof buf); // BUG: use-after-close #wakeclose
        if (n <= 0)
          break;
        commands_ += std::string(buf, static_cast<size_t>(n));
      }
    });
  }
  void stop() {
    ::close(readFd_); // SAME: wakeclose
    thread_.join();
  }

private:
  int readFd_;
  std::string commands_;
  std::thread thread_;
};

void runRelay(int sockA, int sockB, int controlPipe[2]) {
  RelayForwarder relay(sockA);
  DrainingForwarder draining(sockB);
  WakeupReader wakeup(controlPipe[0]);
  relay.start();
  draining.start();
  wakeup.start();
  relay.enqueue("<13>relay started");
  draining.enqueue("<13>relay started");
  relay.stop();
  draining.stop();
  wakeup.stop();
  ::close(controlPipe[1]);
}
