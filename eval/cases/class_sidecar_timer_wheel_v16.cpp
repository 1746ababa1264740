// Service-mesh sidecar. A TimerWheel owns a thread that fires periodic
// callbacks; three components register callbacks with it:
//   HealthChecker  - pings every upstream over its UDP socket once a second;
//   DnsCache       - rewrites the resolved-address cache file every 5 s;
//   MetricsPusher  - pushes counters to the collector socket every 10 s.
// Sidecar::stop() closes the components and stops the wheel last, so the wheel
// thread keeps firing while the components close their descriptors.
// TimerWheel::cancel() takes the wheel mutex that is held while callbacks run:
// once it returns the callback is not running and never runs again.
#include <arpa/inet.h>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

class TimerWheel {
public:
  void start() { thread_ = std::thread([this] { run(); }); }
  int schedule(std::chrono::milliseconds every, std::function<void()> task) {
    std::lock_guard<std::mutex> lk(mu_);
    timers_[nextId_] = Timer{every, std::chrono::steady_clock::now() + every, std::move(task)};
    return nextId_++;
  }
  void cancel(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    timers_.erase(id);
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }

private:
  struct Timer {
    std::chrono::milliseconds every;
    std::chrono::steady_clock::time_point due;
    std::function<void()> task;
  };
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    while (!stopping_) {
      auto now = std::chrono::steady_clock::now();
      for (auto &entry : timers_) {
        if (entry.second.due <= now) {
          entry.second.due = now + entry.second.every;
          entry.second.task();
        }
      }
      cv_.wait_for(lk, std::chrono::milliseconds(10));
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<int, Timer> timers_;
  std::thread thread_;
  int nextId_ = 1;
  bool stopping_ = false;
};

static int udpSocketTo(unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
  return fd;
}

class HealthChecker {
public:
  HealthChecker(TimerWheel &wheel, const std::vector<unsigned short> &ports) {
    for (unsigned short p : ports) {
      int fd = udpSocketTo(p);
      fds_.push_back(fd);
      wheel.schedule(std::chrono::seconds(1), [fd] {
        ::send(fd, "PING\n", 5, MSG_DONTWAIT); // BUG: use-after-close #ping
      });
    }
  }
  void close() {
    for (int fd : fds_)
      ::close(fd); // SAME: ping
    fds_.clear();
  }

private:
  std::vector<int> fds_;
};

class DnsCache {
public:
  DnsCache(TimerWheel &wheel, const char *path) : wheel_(wheel), fp_(std::fopen(path, "w")) {
    timer_ = wheel_.schedule(std::chrono::seconds(5), [this] {
      std::rewind(fp_); // BUG: use-after-close #dnsfile
      std::fprintf(fp_, "payments.svc 10.8.0.21\n");
      std::fflush(fp_);
    });
  }
  bool good() const { return fp_ != nullptr; }
  void close() {
    std::fclose(fp_); // SAME: dnsfile
    wheel_.cancel(timer_);
  }

private:
  TimerWheel &wheel_;
  std::FILE *fp_;
  int timer_ = 0;
};

class MetricsPusher {
public:
  MetricsPusher(TimerWheel &wheel, unsigned short port) : wheel_(wheel), fd_(udpSocketTo(port)) {
    timer_ = wheel_.schedule(std::chrono::seconds(10), [this] {
      ::send(fd_, "sidecar.up 1\n", 13, MSG_DONTWAIT); // OK: close() cancels this timer before closing fd_
    });
  }
  // Final push on the caller's thread before shutdown.
  void pushNow(const char *line, size_t len) {
    ::send(fd_, line, len, MSG_DONTWAIT); // OK: called before close(), fd_ is open
  }
  void close() {
    wheel_.cancel(timer_);
    ::close(fd_); // OK: cancel() returned, so the callback is neither running nor scheduled
  }

private:
  TimerWheel &wheel_;
  int fd_;
  int timer_ = 0;
};

class Sidecar {
public:
  Sidecar()
      : health_(wheel_, {9101, 9102, 9103}), dns_(wheel_, "/run/sidecar/dns.cache"),
        metrics_(wheel_, 8125) {}
  bool start() {
    if (!dns_.good())
      return false;
    wheel_.start();
    return true;
  }
  void drainMetrics() { metrics_.pushNow("sidecar.draining 1\n", 19); }
  void stop() {
    health_.close();
    dns_.close();
    metrics_.close();
    wheel_.stop();
  }

private:
  TimerWheel wheel_;
  HealthChecker health_;
  DnsCache dns_;
  MetricsPusher metrics_;
};

int main() {
  Sidecar sidecar;
  if (!sidecar.start())
    return 1;
  std::this_thread::sleep_for(std::chrono::seconds(30));
  sidecar.drainMetrics();
  sidecar.stop();
  return 0;
}
