// Client for a line-based relay protocol over TCP. dialRelay() connects,
// readBanner() checks the server banner and negotiate() agrees on options.
// Error-path contract of the helpers: readBanner() closes the socket and
// returns false when the banner is wrong; negotiate() closes the socket and
// throws std::runtime_error when the server refuses; sendRequest() closes the
// socket and returns -1 on a broken connection. RelayClient owns the socket
// of an open session and closes it in its destructor.
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int dialRelay(const char *ip, unsigned short port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool sendAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL); // SAME: quit
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

bool readBanner(int fd, std::string &banner) {
  char buf[128];
  const ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  if (n <= 0 || std::strncmp(buf, "RELAY/1", 7) != 0) {
    ::close(fd);
    return false;
  }
  banner.assign(buf, static_cast<std::size_t>(n));
  return true;
}

void negotiate(int fd, bool compress) {
  if (!sendAll(fd, compress ? "OPT zlib\r\n" : "OPT none\r\n")) {
    ::close(fd);
    throw std::runtime_error("relay: cannot send options");
  }
  char reply[8] = {};
  if (::recv(fd, reply, 3, 0) != 3 || std::strncmp(reply, "ACK", 3) != 0) {
    ::close(fd);
    throw std::runtime_error("relay: options refused");
  }
}

// Sends one request line and reads the reply; 0 on success, -1 with `fd`
// closed on a broken connection.
int sendRequest(int fd, const std::string &line, std::string &reply) {
  if (!sendAll(fd, line + "\r\n")) {
    ::close(fd);
    return -1;
  }
  char buf[512];
  const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
  if (n <= 0) {
    ::close(fd);
    return -1;
  }
  reply.assign(buf, static_cast<std::size_t>(n));
  return 0;
}

} // namespace

class RelayClient {
public:
  ~RelayClient() {
    if (fd_ >= 0)
      ::close(fd_); // OK: fd_ is reset to -1 whenever a helper closed it
  }

  bool open(const char *ip, unsigned short port, bool compress) {
    int fd = dialRelay(ip, port);
    if (fd < 0)
      return false;
    std::string banner;
    if (!readBanner(fd, banner)) {
      sendAll(fd, "QUIT\r\n"); // BUG: use-after-close #quit
      return false;
    }
    try {
      negotiate(fd, compress);
    } catch (const std::runtime_error &) {
      ::close(fd); // BUG: double-close
      throw;
    }
    fd_ = fd;
    return true;
  }

  // One retry after reconnecting.
  int request(const char *ip, unsigned short port, const std::string &line, std::string &reply) {
    if (sendRequest(fd_, line, reply) == 0)
      return 0;
    ::close(fd_); // BUG: double-close
    fd_ = -1;
    if (!open(ip, port, false))
      return -1;
    const int rc = sendRequest(fd_, line, reply); // OK: open() stored a freshly connected fd_
    if (rc < 0)
      fd_ = -1; // sendRequest() closed it
    return rc;
  }

  bool ping() {
    if (fd_ < 0)
      return false;
    return sendAll(fd_, "PING\r\n"); // OK: fd_ is -1 after every close above
  }

  void close() {
    if (fd_ < 0)
      return;
    sendAll(fd_, "QUIT\r\n"); // OK: sent before the close below
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
};

int main() {
  RelayClient client;
  if (!client.open("127.0.0.1", 7070, true))
    return 1;
  std::string reply;
  const int rc = client.request("127.0.0.1", 7070, "STATS", reply);
  client.ping();
  client.close();
  return rc;
}
