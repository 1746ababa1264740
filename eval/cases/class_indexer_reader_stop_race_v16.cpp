// Ingest node of a search indexer. ConnectionManager owns the client sockets;
// DocumentReader starts one thread per socket that receives documents and puts
// them on a BlockingQueue; the committer thread (started by Indexer::start)
// appends queued documents to the segment file owned by SegmentStore; the
// Compactor thread rewrites the segment index through SegmentStore's index
// descriptor. Indexer::shutdown() stops the components one after the other.
// BlockingQueue: push() after close() is refused (returns false); pop() returns
// nullopt once the queue is closed and empty.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

class BlockingQueue {
public:
  bool push(std::string doc) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return false;
    q_.push_back(std::move(doc));
    cv_.notify_one();
    return true;
  }
  std::optional<std::string> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !q_.empty(); });
    if (q_.empty())
      return std::nullopt;
    std::string d = std::move(q_.front());
    q_.pop_front();
    return d;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> q_;
  bool closed_ = false;
};

class ConnectionManager {
public:
  void adopt(int fd) { fds_.push_back(fd); }
  const std::vector<int> &sockets() const { return fds_; }
  void stop() {
    for (int fd : fds_)
      ::close(fd); // SAME: recv
    fds_.clear();
  }

private:
  std::vector<int> fds_;
};

class DocumentReader {
public:
  void start(const std::vector<int> &fds, BlockingQueue &out) {
    running_ = true;
    for (int fd : fds)
      threads_.emplace_back([this, fd, &out] {
        char buf[4096];
        while (running_) {
          ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT); // BUG: use-after-close #recv
          if (n > 0)
            out.push(std::string(buf, static_cast<size_t>(n))); // OK: readers are joined before the queue is closed
          else
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
      });
  }
  void stop() {
    running_ = false;
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  std::atomic<bool> running_{false};
  std::vector<std::thread> threads_;
};

class SegmentStore {
public:
  bool open(const std::string &dir) {
    segment_ = std::fopen((dir + "/seg-000042.dat").c_str(), "ab");
    indexFd_ = ::open((dir + "/seg-000042.idx").c_str(), O_RDWR | O_CREAT, 0644);
    return segment_ && indexFd_ >= 0;
  }
  std::FILE *segment() { return segment_; }
  int indexFd() const { return indexFd_; }
  void stop() {
    std::fclose(segment_); // SAME: commit
    ::close(indexFd_); // OK: the compactor was joined before stop()
  }

private:
  std::FILE *segment_ = nullptr;
  int indexFd_ = -1;
};

class Indexer {
public:
  bool start(const std::vector<int> &clientFds) {
    if (!store_.open("/var/lib/indexer/shard-3"))
      return false;
    for (int fd : clientFds)
      connections_.adopt(fd);
    reader_.start(connections_.sockets(), queue_);
    committer_ = std::thread([this] {
      while (std::optional<std::string> doc = queue_.pop())
        std::fwrite(doc->data(), 1, doc->size(), store_.segment()); // BUG: use-after-close #commit
    });
    compacting_ = true;
    compactor_ = std::thread([this] {
      while (compacting_) {
        const char header[8] = {'I', 'D', 'X', '1', 0, 0, 0, 0};
        ::pwrite(store_.indexFd(), header, sizeof header, 0); // OK: joined in shutdown() before the store closes
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
    return true;
  }

  void shutdown() {
    compacting_ = false;
    compactor_.join();
    connections_.stop();
    reader_.stop();
    store_.stop();
    queue_.close(); // OK: every reader thread was joined, nothing pushes any more
    committer_.join();
  }

private:
  ConnectionManager connections_;
  DocumentReader reader_;
  SegmentStore store_;
  BlockingQueue queue_;
  std::thread committer_, compactor_;
  std::atomic<bool> compacting_{false};
};

int main() {
  int a[2], b[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, a) != 0 || ::socketpair(AF_UNIX, SOCK_STREAM, 0, b) != 0)
    return 1;
  Indexer indexer;
  if (!indexer.start({a[0], b[0]}))
    return 1;
  (void)!::write(a[1], "{\"id\":1,\"title\":\"hello\"}", 24);
  (void)!::write(b[1], "{\"id\":2,\"title\":\"world\"}", 24);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  indexer.shutdown();
  return 0;
}
