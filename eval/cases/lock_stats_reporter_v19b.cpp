// StatsD reporter and health prober of a cache server. Both own a background
// thread driven by an atomic running_ flag and no mutex. HealthProbe::stop()
// clears the flag, joins, and only then closes its socket. StatsReporter::stop()
// closes the socket before joining, so the reporter thread, which has already
// passed its running_ check, can send on the closed socket.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>

// UdpSocket: a connected UDP socket. sendLine() throws std::runtime_error once
// closed; close() is idempotent (it closes the descriptor once and sets it to -1).
class UdpSocket {
public:
  UdpSocket(const char *ip, std::uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_DGRAM, 0);
    if (fd_ < 0)
      throw std::runtime_error("socket() failed");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    ::inet_pton(AF_INET, ip, &addr.sin_addr);
    ::connect(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
  }
  ~UdpSocket() { close(); }
  void sendLine(const std::string &line) {
    if (fd_ < 0)
      throw std::runtime_error("stats socket closed");
    ::send(fd_, line.data(), line.size(), MSG_DONTWAIT);
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_ = -1;
};

class StatsReporter {
public:
  StatsReporter() : sock_("127.0.0.1", 8125) {}
  void start();
  void stop();
  std::atomic<long> hits{0}, misses{0};

private:
  UdpSocket sock_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

void StatsReporter::start() {
  running_ = true;
  worker_ = std::thread([this] {
    while (running_.load()) {
      sock_.sendLine("cache.hits:" + std::to_string(hits.exchange(0)) + "|c"); // BUG: use-after-close #statsrace
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  });
}

void StatsReporter::stop() {
  running_ = false;
  sock_.close(); // SAME: statsrace
  if (worker_.joinable())
    worker_.join();
}

class HealthProbe {
public:
  HealthProbe() : sock_("127.0.0.1", 9901) {}
  void start();
  void stop();

private:
  UdpSocket sock_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

void HealthProbe::start() {
  running_ = true;
  worker_ = std::thread([this] {
    while (running_.load()) {
      sock_.sendLine("cache-7 alive"); // OK: stop() joins before it closes
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  });
}

void HealthProbe::stop() {
  running_ = false;
  if (worker_.joinable())
    worker_.join();
  sock_.close(); // OK: the worker has exited
}

int main() {
  StatsReporter stats;
  HealthProbe probe;
  stats.start();
  probe.start();
  std::this_thread::sleep_for(std::chrono::seconds(3));
  probe.stop();
  stats.stop();
  return 0;
}
