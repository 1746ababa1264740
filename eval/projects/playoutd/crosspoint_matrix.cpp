// CrosspointMatrix: the audio router frame's TCP control session. Commands go
// out with send(); tallies are read line by line through a stdio stream on
// the same socket.
#include "crosspoint_matrix.h"

#include <arpa/inet.h>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

CrosspointMatrix::CrosspointMatrix(std::string host, uint16_t port)
    : host_(std::move(host)), port_(port) {}

CrosspointMatrix::~CrosspointMatrix() { close(); }

bool CrosspointMatrix::open() {
  if (sock_ >= 0)
    return true;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port_);
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1)
    return false;
  const int sock = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (sock < 0)
    return false;
  if (::connect(sock, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(sock);
    return false;
  }
  rx_ = ::fdopen(sock, "r");
  if (!rx_) {
    ::close(sock);
    return false;
  }
  sock_ = sock;
  return true;
}

void CrosspointMatrix::apply(const DeviceCommand &cmd) {
  if (sock_ < 0)
    throw std::runtime_error("router " + host_ + " closed");
  if (cmd.verb != "route")
    return;
  const std::string line = "ROUTE " + std::to_string(cmd.value) + " " +
                           std::to_string(cmd.channel) + "\n";
  if (::send(sock_, line.data(), line.size(), MSG_NOSIGNAL) < 0)
    throw std::runtime_error("router " + host_ + ": " + std::strerror(errno));
}

int CrosspointMatrix::readTally(int &destination) {
  if (!rx_)
    return -1;
  char line[128];
  if (!std::fgets(line, sizeof line, rx_))
    return -1;
  int dst = 0;
  int src = 0;
  if (std::sscanf(line, "TALLY %d %d", &dst, &src) != 2)
    return -1;
  destination = dst;
  return src;
}

void CrosspointMatrix::close() {
  if (rx_) {
    std::fclose(rx_);
    rx_ = nullptr;
  }
  if (sock_ >= 0) {
    ::close(sock_); // BUG: double-close
    sock_ = -1;
  }
}
