// IoT gateway: each field device talks to the gateway over a stream socket
// wrapped in GatewaySession. GatewaySession::send()/receive() throw
// std::logic_error once the session is closed; close() closes the descriptor
// and is idempotent (it checks fd_ first); receive() closes the session itself
// when the peer hangs up. operator bool is true while the session is open.
// The command pump runs while(!closed()), but a BYE frame closes the session
// inside the loop body and the ack that follows is still sent; the config
// push caches operator bool before a receive() that may close.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

class GatewaySession {
public:
  GatewaySession(int fd, std::string deviceId)
      : fd_(fd), deviceId_(std::move(deviceId)) {}
  ~GatewaySession() { close(); } // OK: close() checks fd_, no second close
  GatewaySession(const GatewaySession &) = delete;
  GatewaySession &operator=(const GatewaySession &) = delete;

  explicit operator bool() const { return fd_ >= 0; }
  bool closed() const { return fd_ < 0; }
  const std::string &deviceId() const { return deviceId_; }

  void send(const std::string &frame) {
    if (fd_ < 0)
      throw std::logic_error("session closed: " + deviceId_);
    std::string line = frame + "\n";
    ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  }

  // Returns the next frame, or "" after the peer hung up (session closed).
  std::string receive() {
    if (fd_ < 0)
      throw std::logic_error("session closed: " + deviceId_);
    char buf[512];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) {
      close();
      return {};
    }
    return std::string(buf, static_cast<size_t>(n));
  }

  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_;
  std::string deviceId_;
};

class DeviceRegistry {
public:
  void markOnline(const std::string &id) { online_[id] = true; }
  void markOffline(const std::string &id) { online_[id] = false; }
  std::string configFor(const std::string &id) const {
    return "CFG interval=30 id=" + id;
  }

private:
  std::map<std::string, bool> online_;
};

// Command pump for actuator devices.
void pumpCommands(GatewaySession &s, DeviceRegistry &reg) {
  reg.markOnline(s.deviceId());
  while (!s.closed()) {
    std::string frame = s.receive();
    if (frame.empty())
      continue; // the loop condition sees the closed session
    if (frame.rfind("BYE", 0) == 0) {
      reg.markOffline(s.deviceId());
      s.close();
    }
    s.send("ACK " + frame.substr(0, 16)); // BUG: use-after-close
  }
}

// Telemetry pump for sensor devices: same loop, written with the re-check.
void pumpTelemetry(GatewaySession &s, DeviceRegistry &reg) {
  reg.markOnline(s.deviceId());
  while (s) {
    std::string frame = s.receive();
    if (!s)
      break;
    s.send("ACK " + frame.substr(0, 16)); // OK: receive() may close, re-checked above
    if (frame.rfind("BYE", 0) == 0)
      s.close();
  }
  reg.markOffline(s.deviceId());
  if (s)
    s.send("BYE"); // OK: operator bool is evaluated after the close
}

// Pushes the configuration after reading the device's version banner.
void pushConfig(GatewaySession &s, const DeviceRegistry &reg) {
  const bool live = static_cast<bool>(s);
  if (!live)
    return;
  std::string banner = s.receive(); // OK: the early return covers a closed session
  std::printf("%s banner: %s\n", s.deviceId().c_str(), banner.c_str());
  if (live)
    s.send(reg.configFor(s.deviceId())); // BUG: use-after-close
}

int main() {
  DeviceRegistry reg;
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
    return 1;
  GatewaySession session(pair[0], "valve-17");
  ::close(pair[1]); // the simulated device hangs up immediately
  pushConfig(session, reg);
  return 0;
}
