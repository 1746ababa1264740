// Cluster-membership heartbeat: a worker thread started in start() writes a
// heartbeat line to the coordinator socket every period; stop() closes the
// socket and joins the worker. Negative case: the worker checks its own
// stopping_ flag and sends while holding mu_, and stop() sets the flag and
// closes the descriptor while holding the same mutex, so no send can run
// after the close; sendNow() checks closed_ under mu_; stop() closes once.
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

class HeartbeatWorker {
public:
  HeartbeatWorker(int fd, std::chrono::milliseconds period) : fd_(fd), period_(period) {}
  ~HeartbeatWorker();
  HeartbeatWorker(const HeartbeatWorker &) = delete;
  HeartbeatWorker &operator=(const HeartbeatWorker &) = delete;
  void start();
  void stop();
  void sendNow(const std::string &note);

private:
  void loop();
  int fd_;
  std::chrono::milliseconds period_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool closed_ = false;
  unsigned long seq_ = 0;
  std::thread thread_;
};

HeartbeatWorker::~HeartbeatWorker() { stop(); }

void HeartbeatWorker::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || thread_.joinable())
    return;
  thread_ = std::thread([this] { loop(); });
}

void HeartbeatWorker::loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    const std::string beat = "HB " + std::to_string(++seq_) + "\n";
    ::send(fd_, beat.data(), beat.size(), MSG_NOSIGNAL); // OK: stopping_ checked under mu_, which stop() holds while closing
    cv_.wait_for(lk, period_, [this] { return stopping_; });
  }
}

void HeartbeatWorker::sendNow(const std::string &note) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  const std::string line = "NOTE " + note + "\n";
  ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL); // OK: closed_ checked under the lock
}

void HeartbeatWorker::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    stopping_ = true;
    ::close(fd_); // OK: the worker only touches fd_ while holding mu_ after checking stopping_
    closed_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

int main() {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
    return 1;
  HeartbeatWorker worker(sv[0], std::chrono::milliseconds(10));
  worker.start();
  worker.sendNow("joined rack=r3");
  std::this_thread::sleep_for(std::chrono::milliseconds(35));
  worker.stop();
  worker.sendNow("leaving"); // OK: sendNow() returns once closed_ is set
  worker.stop(); // OK: stop() returns when already closed
  char buf[256];
  ssize_t n = ::recv(sv[1], buf, sizeof buf, MSG_DONTWAIT);
  std::printf("coordinator received %zd bytes\n", n);
  ::close(sv[1]);
  return 0;
} // OK: the destructor's stop() sees closed_ and returns
