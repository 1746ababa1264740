// A user-written worker pool whose submit() throws once shutdown() started and
// whose shutdown() returns early when already stopping (else joins workers);
// uploadAll() submits every task before the shutdown that matters, so the later
// shutdown() and the destructor's are no-ops. UploadClient::reopen() returns
// early only while the socket is open; after close() it connects a new socket
// or throws, so sends after close()+reopen() are fine. No use-after-close.
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

class WorkerPool {
public:
  explicit WorkerPool(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      workers_.emplace_back([this] { run(); });
  }
  ~WorkerPool() { shutdown(); }

  void submit(std::function<void()> task) {
    std::unique_lock<std::mutex> lock(mu_);
    if (stopping_)
      throw std::runtime_error("WorkerPool::submit after shutdown");
    tasks_.push_back(std::move(task));
    lock.unlock();
    cv_.notify_one();
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_)
        return; // a previous shutdown() already stopped and joined the workers
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto &t : workers_)
      t.join();
  }

private:
  void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
        if (tasks_.empty())
          return; // stopping and fully drained
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

class UploadClient {
public:
  explicit UploadClient(sockaddr_in server) : server_(server) { reopen(); }
  ~UploadClient() { close(); }

  void reopen() {
    if (fd_ >= 0)
      return; // still connected
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || ::connect(fd, reinterpret_cast<const sockaddr *>(&server_), sizeof server_) != 0) {
      int err = errno;
      if (fd >= 0) ::close(fd);
      throw std::system_error(err, std::generic_category(), "upload connect");
    }
    fd_ = fd;
  }
  void send(const std::string &part) {
    if (fd_ < 0)
      throw std::runtime_error("send on closed upload client");
    if (::send(fd_, part.data(), part.size(), MSG_NOSIGNAL) < 0)
      throw std::system_error(errno, std::generic_category(), "send");
  }
  void close() { if (fd_ >= 0) ::close(fd_); fd_ = -1; }

private:
  sockaddr_in server_;
  int fd_ = -1;
};

using Encoder = std::function<std::string(const std::string &)>;

void uploadAll(UploadClient &client, const std::vector<std::string> &chunks, const Encoder &encode) {
  WorkerPool pool(4);
  std::vector<std::string> parts(chunks.size());
  for (std::size_t i = 0; i < chunks.size(); ++i)
    pool.submit([&, i] { parts[i] = encode(chunks[i]); }); // each task fills its own slot
  pool.shutdown(); // waits for every encoding task
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != 0 && i % 64 == 0) { // the server limits parts per connection
      client.close();
      client.reopen();
    }
    client.send(parts[i]); // OK: reopen() connected a new socket after close(), or threw
  }
  pool.shutdown(); // OK: shutdown() returns early once stopping_ is set
}
