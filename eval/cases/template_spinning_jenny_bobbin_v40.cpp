// Spinning mill: each frame has bobbin counters on a serial bus, handed out by a generic
// SpindlePool<Conn, N>. acquire() throws once the pool is closed, close() closes every counter
// (leased ones included) and throws when called twice. retire() is the mill's template helper that
// logs why and closes whatever pool it is given. The doffing routine calls it on the breakage path
// and then again at the end; a counter leased before the pool closed is used after it.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class BobbinCounter {
 public:
  explicit BobbinCounter(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR)) {
    if (fd_ < 0) throw std::runtime_error("bobbin counter: cannot open " + dev);
  }
  ~BobbinCounter() {
    if (fd_ >= 0) ::close(fd_);
  }
  BobbinCounter(const BobbinCounter&) = delete;
  BobbinCounter& operator=(const BobbinCounter&) = delete;

  void count(int turns) {
    if (fd_ < 0) throw std::runtime_error("bobbin counter closed");
    char cmd[20];
    int n = std::snprintf(cmd, sizeof cmd, "T+%d\n", turns);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n) throw std::runtime_error("bobbin counter: write failed");
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

template <typename Conn, std::size_t N>
class SpindlePool {
 public:
  explicit SpindlePool(const std::string& dev) : busy_(N, false) {
    for (std::size_t i = 0; i < N; ++i) conns_.push_back(std::make_unique<Conn>(dev));
  }
  Conn* acquire() {
    if (closed_) throw std::runtime_error("spindle pool closed");
    for (std::size_t i = 0; i < N; ++i) {
      if (!busy_[i]) {
        busy_[i] = true;
        return conns_[i].get();
      }
    }
    throw std::runtime_error("spindle pool exhausted");
  }
  void release(Conn* c) {
    for (std::size_t i = 0; i < N; ++i)
      if (conns_[i].get() == c) busy_[i] = false;
  }
  void close() {
    if (closed_) throw std::runtime_error("spindle pool already closed");
    closed_ = true;
    for (auto& c : conns_) c->close();
  }
  bool closed() const { return closed_; }

 private:
  std::vector<std::unique_ptr<Conn>> conns_;
  std::vector<bool> busy_;
  bool closed_ = false;
};

template <typename Pool>
void retire(Pool& pool, const char* why) {
  std::fprintf(stderr, "retiring pool: %s\n", why);
  pool.close();  // SAME: retire
}

using FramePool = SpindlePool<BobbinCounter, 4>;

void doff_frame(FramePool& pool, int broken_ends) {
  if (broken_ends > 3) retire(pool, "too many broken ends");
  if (!pool.closed()) {
    BobbinCounter* c = pool.acquire();  // OK: checked closed() first
    c->count(120);
    pool.release(c);
  }
  retire(pool, "doffing");  // BUG: double-close #retire
}

void doff_frame_fixed(FramePool& pool, int broken_ends) {
  if (broken_ends > 3) {
    retire(pool, "too many broken ends");
    return;
  }
  BobbinCounter* c = pool.acquire();  // OK: the breakage path returned
  c->count(120);
  pool.release(c);
  retire(pool, "doffing");  // OK: first and only close on this path
}

void shift_change(FramePool& pool) {
  BobbinCounter* c = pool.acquire();
  c->count(40);
  pool.close();
  c->count(5);  // BUG: use-after-close
}

void two_frames(const std::string& dev_a, const std::string& dev_b) {
  FramePool frame_a(dev_a);
  SpindlePool<BobbinCounter, 2> frame_b(dev_b);
  BobbinCounter* a = frame_a.acquire();
  a->count(10);
  frame_a.close();
  BobbinCounter* b = frame_b.acquire();  // OK: a different pool
  b->count(10);  // OK
  frame_b.release(b);
  frame_a.acquire();  // BUG: use-after-close
}
