// Socket helpers and the device handshake (HELLO / WELCOME / ERR).
#include "iotbridge/socket_util.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "iotbridge/device_session.h"
#include "iotbridge/log.h"

namespace iotbridge {
namespace net {

int openListenSocket(const std::string& host, std::uint16_t port, int backlog) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);

  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1 ||
      ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0 ||
      ::listen(fd, backlog) < 0) {
    IOTB_LOG(Error, "net", "cannot listen on " << host << ":" << port << ": "
                                               << std::strerror(errno));
    ::close(fd);
    return -1;
  }
  return fd;
}

int connectTo(const std::string& host, std::uint16_t port, int timeoutMs) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res) != 0) {
    return -1;
  }
  int fd = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    ::freeaddrinfo(res);
    return -1;
  }
  timeval tv{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  int rc = ::connect(fd, res->ai_addr, res->ai_addrlen);
  ::freeaddrinfo(res);
  if (rc < 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string peerName(int fd) {
  sockaddr_in addr{};
  socklen_t len = sizeof addr;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) < 0) {
    return "unknown";
  }
  char ip[INET_ADDRSTRLEN] = {0};
  ::inet_ntop(AF_INET, &addr.sin_addr, ip, sizeof ip);
  return std::string(ip) + ":" + std::to_string(ntohs(addr.sin_port));
}

bool parseHello(const std::string& line, Hello& out) {
  std::istringstream in(line);
  std::string tag;
  if (!(in >> tag >> out.deviceId >> out.token) || tag != "HELLO") return false;
  in >> out.firmware;
  return out.deviceId.size() <= 64 && out.deviceId.find('/') == std::string::npos;
}

bool readHello(DeviceSession& session, Hello& out, int timeoutMs) {
  std::optional<std::string> line = session.readLine(timeoutMs);
  if (!line || !parseHello(*line, out)) {
    IOTB_LOG(Info, "handshake", session.peer() << ": no valid HELLO");
    session.close();
    return false;
  }
  return true;
}

bool sendWelcome(DeviceSession& session, int heartbeatSeconds) {
  if (!session.send("WELCOME " + std::to_string(heartbeatSeconds) + "\n")) {
    IOTB_LOG(Info, "handshake", session.deviceId() << ": peer gone during WELCOME");
    session.close();
    return false;
  }
  return true;
}

void rejectDevice(DeviceSession& session, const std::string& reason) {
  IOTB_LOG(Warn, "handshake", session.peer() << " (" << session.deviceId()
                                             << ") rejected: " << reason);
  session.send("ERR " + reason + "\n");
  session.close();
}

}  // namespace net
}  // namespace iotbridge
