// Data-center chiller telemetry: each chiller's controller pushes status
// frames (supply and return water temperature, compressor load, alarm bits)
// over a TCP stream, and the condenser-water flow meter does the same. A
// reader thread per device decodes the frames and hands them to the plant
// monitor; the plant stops both feeds when the BMS fails over to the standby
// monitor.
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace plant {

struct ChillerStatus {
  float supplyC = 0;
  float returnC = 0;
  float loadPct = 0;
  uint16_t alarms = 0;
};

static int connectTo(const std::string &ip, uint16_t port, int timeoutMs) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  timeval tv{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static bool parseStatus(const char *buf, size_t n, ChillerStatus &out) {
  if (n < 14 || buf[0] != 'C')
    return false;
  std::memcpy(&out.supplyC, buf + 1, 4);
  std::memcpy(&out.returnC, buf + 5, 4);
  std::memcpy(&out.loadPct, buf + 9, 4);
  out.alarms = static_cast<uint16_t>(static_cast<unsigned char>(buf[13]));
  return true;
}

class ChillerFeed {
public:
  using Sink = std::function<void(int, const ChillerStatus &)>;
  ChillerFeed(int unit, Sink sink) : unit_(unit), sink_(std::move(sink)) {}
  ~ChillerFeed() { stop(); }

  bool start(const std::string &ip, uint16_t port) {
    fd_ = connectTo(ip, port, 500);
    if (fd_ < 0)
      return false;
    running_ = true;
    reader_ = std::thread([this] { readLoop(); });
    return true;
  }
  void stop();

private:
  void readLoop();

  int unit_;
  Sink sink_;
  int fd_ = -1;
  std::atomic<bool> running_{false};
  std::thread reader_;
};

void ChillerFeed::readLoop() {
  char buf[256];
  while (running_.load()) {
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0); // BUG: use-after-close #chiller_stop
    if (n == 0)
      break;
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        continue;
      break;
    }
    ChillerStatus st;
    if (parseStatus(buf, static_cast<size_t>(n), st))
      sink_(unit_, st);
  }
}

void ChillerFeed::stop() {
  if (!running_.exchange(false))
    return;
  ::close(fd_); // SAME: chiller_stop
  if (reader_.joinable())
    reader_.join();
  fd_ = -1;
}

class FlowMeterFeed {
public:
  explicit FlowMeterFeed(std::function<void(double)> onFlow) : onFlow_(std::move(onFlow)) {}
  ~FlowMeterFeed() { stop(); }

  bool start(const std::string &ip, uint16_t port) {
    fd_ = connectTo(ip, port, 250);
    if (fd_ < 0)
      return false;
    running_ = true;
    reader_ = std::thread([this] {
      char buf[16];
      while (running_.load()) {
        ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_WAITALL); // OK
        if (n == static_cast<ssize_t>(sizeof buf) && buf[0] == 'F') {
          double litresPerSec = 0;
          std::memcpy(&litresPerSec, buf + 8, sizeof litresPerSec);
          onFlow_(litresPerSec);
        } else if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          break;
        }
      }
    });
    return true;
  }

  void stop() {
    running_ = false;
    if (reader_.joinable())
      reader_.join();
    if (fd_ >= 0) {
      ::close(fd_); // OK
      fd_ = -1;
    }
  }

private:
  std::function<void(double)> onFlow_;
  int fd_ = -1;
  std::atomic<bool> running_{false};
  std::thread reader_;
};

class PlantMonitor {
public:
  PlantMonitor()
      : chiller1_(1, [this](int u, const ChillerStatus &s) { onChiller(u, s); }),
        flow_([this](double f) { lastFlow_ = f; }) {}

  bool start() {
    return chiller1_.start("10.20.0.11", 5020) && flow_.start("10.20.0.30", 5021);
  }
  void failover() {
    flow_.stop();
    chiller1_.stop();
    flow_.stop(); // OK
  }

private:
  void onChiller(int, const ChillerStatus &s) { lastLoad_ = s.loadPct; }

  std::atomic<double> lastFlow_{0};
  std::atomic<float> lastLoad_{0};
  ChillerFeed chiller1_;
  FlowMeterFeed flow_;
};

} // namespace plant
