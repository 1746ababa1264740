// Telemetry intake for a kelp farm: each longline buoy dials in over TCP and
// sends "HELLO <firmware> <buoy-id>"; the collector answers ACK and keeps the
// socket for readings (water temperature, nitrate, line tension), which the
// farm's polling loop picks up with takeNewLinks(). Malformed greetings and
// buoys running firmware older than the supported minimum get a REJECT line;
// a buoy taken out of the water is dropped by id.
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr unsigned kMinFirmware = 412;

void rejectBuoy(int fd, const char *reason) {
  std::string msg = std::string("REJECT ") + reason + "\n";
  ::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL);
  ::close(fd);
}

} // namespace

struct BuoyLink {
  unsigned buoyId = 0;
  unsigned firmware = 0;
  int fd = -1;
};

class BuoyIntake {
public:
  explicit BuoyIntake(int listenFd) : listenFd_(listenFd) {}
  ~BuoyIntake() { closeAll(); }
  BuoyIntake(const BuoyIntake &) = delete;
  BuoyIntake &operator=(const BuoyIntake &) = delete;

  void acceptPending(int maxPerTick);
  std::vector<BuoyLink> takeNewLinks();
  bool dropBuoy(unsigned buoyId);
  unsigned outdated() const { return outdated_; }

private:
  bool handleHello(int fd);
  void closeAll();

  int listenFd_;
  std::vector<BuoyLink> fresh_;
  unsigned outdated_ = 0;
};

void BuoyIntake::acceptPending(int maxPerTick) {
  for (int i = 0; i < maxPerTick; ++i) {
    int fd = ::accept(listenFd_, nullptr, nullptr);
    if (fd < 0)
      break;
    if (!handleHello(fd))
      std::fprintf(stderr, "kelp: buoy greeting refused\n");
  }
}

bool BuoyIntake::handleHello(int fd) {
  char buf[128];
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) {
    ::close(fd);
    return false;
  }
  buf[n] = '\0';

  unsigned firmware = 0;
  unsigned buoyId = 0;
  if (std::sscanf(buf, "HELLO %u %u", &firmware, &buoyId) != 2) {
    rejectBuoy(fd, "malformed"); // OK
    return false;
  }
  if (firmware < kMinFirmware) {
    rejectBuoy(fd, "firmware");
    ++outdated_;
  }

  static const char ack[] = "ACK\n";
  if (::send(fd, ack, sizeof ack - 1, MSG_NOSIGNAL) < 0) { // BUG: use-after-close
    ::close(fd); // BUG: double-close
    return false;
  }
  fresh_.push_back(BuoyLink{buoyId, firmware, fd});
  return true;
}

std::vector<BuoyLink> BuoyIntake::takeNewLinks() {
  std::vector<BuoyLink> out;
  out.swap(fresh_);
  return out;
}

bool BuoyIntake::dropBuoy(unsigned buoyId) {
  for (auto it = fresh_.begin(); it != fresh_.end(); ++it) {
    if (it->buoyId != buoyId)
      continue;
    ::close(it->fd); // OK
    fresh_.erase(it);
    return true;
  }
  return false;
}

void BuoyIntake::closeAll() {
  for (BuoyLink &link : fresh_) {
    if (link.fd >= 0) {
      ::close(link.fd); // OK
      link.fd = -1;
    }
  }
  fresh_.clear();
}
