// IoT provisioning service: devices on the factory network are provisioned
// over TCP. handshake() sends HELLO and expects WELCOME; when the device does
// not answer correctly it closes the descriptor and returns false, so callers
// must stop using the descriptor on a false result. provision() does that
// correctly. Defects: reprovision() ignores the result and pushes the config
// on a descriptor handshake() may have closed (and closes it once more);
// discoverySweep() closes the descriptor again after a failed handshake.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace provisioning {

struct Device {
  std::string id;
  std::string ip;
  unsigned short port = 7400;
};

static bool sendAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

static bool readWelcome(int fd) {
  char buf[32] = {};
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  return n >= 7 && std::memcmp(buf, "WELCOME", 7) == 0;
}

// Returns false and closes fd when the device does not complete the hello.
static bool handshake(int fd, const std::string &deviceId) {
  if (!sendAll(fd, "HELLO " + deviceId + "\n") || !readWelcome(fd)) {
    ::close(fd);
    return false;
  }
  return true;
}

static int connectTo(const Device &d) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(d.port);
  ::inet_pton(AF_INET, d.ip.c_str(), &addr.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool provision(const Device &d, const std::string &config) {
  int fd = connectTo(d);
  if (fd < 0)
    return false;
  if (!handshake(fd, d.id))
    return false;
  bool ok = sendAll(fd, "CONFIG " + config + "\n"); // OK: handshake() closes only when it returns false
  ::close(fd); // OK: the failure path returned before this close
  return ok;
}

// Pushes a new config to a device that was provisioned before.
void reprovision(const Device &d, const std::string &config) {
  int fd = connectTo(d);
  if (fd < 0)
    return;
  handshake(fd, d.id);
  std::string msg = "CONFIG " + config + "\n";
  ::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL); // BUG: use-after-close
  ::close(fd); // BUG: double-close
}

// Probes every address in the subnet and records which ones speak our protocol.
std::vector<Device> discoverySweep(const std::string &prefix) {
  std::vector<Device> found;
  for (int host = 10; host < 60; ++host) {
    Device d{"probe-" + std::to_string(host), prefix + std::to_string(host)};
    int fd = connectTo(d);
    if (fd < 0)
      continue;
    if (!handshake(fd, d.id)) {
      std::fprintf(stderr, "%s: no welcome\n", d.ip.c_str());
      ::close(fd); // BUG: double-close
      continue;
    }
    sendAll(fd, "BYE\n"); // OK: reached only after a successful handshake
    ::close(fd);
    found.push_back(d);
  }
  return found;
}

} // namespace provisioning

int main() {
  auto devices = provisioning::discoverySweep("10.40.2.");
  for (const auto &d : devices)
    provisioning::provision(d, "ntp=10.40.0.1;interval=60");
  if (!devices.empty())
    provisioning::reprovision(devices.front(), "ntp=10.40.0.2;interval=30");
  return 0;
}
