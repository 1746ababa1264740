// Accept loop of a small binary-protocol blob server. readHeader() validates
// the fixed-size header and, on a malformed one, closes the client socket
// itself (it was written for the old "drop silently" policy). serveOne() was
// later changed to send an error reply and close the socket on that path too,
// so on a bad header it writes to, and then closes, a descriptor readHeader()
// already closed.
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace {
constexpr std::uint32_t kMagic = 0x424c4f42;

struct Header {
  std::uint32_t magic;
  std::uint32_t length;
  char name[56];
};

bool readHeader(int fd, Header &h) {
  ssize_t n = ::recv(fd, &h, sizeof h, MSG_WAITALL);
  if (n != static_cast<ssize_t>(sizeof h) || h.magic != kMagic) {
    ::close(fd);
    return false;
  }
  h.name[sizeof h.name - 1] = '\0';
  return true;
}

bool copyBody(int from, int to, std::uint32_t length) {
  char buf[8192];
  while (length > 0) {
    ssize_t n = ::recv(from, buf, length < sizeof buf ? length : sizeof buf, 0);
    if (n <= 0)
      return false;
    if (::write(to, buf, static_cast<std::size_t>(n)) != n)
      return false;
    length -= static_cast<std::uint32_t>(n);
  }
  return true;
}
} // namespace

class BlobServer {
public:
  explicit BlobServer(std::string root) : root_(std::move(root)) {}
  ~BlobServer() { stop(); }

  bool start(std::uint16_t port) {
    listenFd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (listenFd_ < 0)
      return false;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(listenFd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        ::listen(listenFd_, 16) != 0) {
      ::close(listenFd_);
      listenFd_ = -1;
      return false;
    }
    return true;
  }

  void stop() {
    if (listenFd_ >= 0) {
      ::close(listenFd_); // OK: listenFd_ is reset, so the destructor's stop() skips it
      listenFd_ = -1;
    }
  }

  void serveOne() {
    int client = ::accept(listenFd_, nullptr, nullptr);
    if (client < 0)
      return;
    Header h{};
    if (!readHeader(client, h)) {
      static const char kBad[] = "ERR bad header\n";
      ::send(client, kBad, sizeof kBad - 1, MSG_NOSIGNAL); // BUG: use-after-close
      ::close(client); // BUG: double-close
      return;
    }
    const std::string path = root_ + "/" + h.name;
    int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (file < 0) {
      static const char kNoStore[] = "ERR cannot store\n";
      ::send(client, kNoStore, sizeof kNoStore - 1, MSG_NOSIGNAL); // OK: readHeader() succeeded, so client is still open
      ::close(client);
      return;
    }
    const bool stored = copyBody(client, file, h.length);
    ::close(file);
    const char *reply = stored ? "STORED\n" : "ERR short body\n";
    ::send(client, reply, std::char_traits<char>::length(reply), MSG_NOSIGNAL); // OK: only the file descriptor was closed above
    ::close(client); // OK: the only close of client on this path
  }

private:
  std::string root_;
  int listenFd_ = -1;
};

int main() {
  BlobServer server("/srv/blobs");
  if (!server.start(9400)) {
    std::perror("blob server");
    return 1;
  }
  for (int i = 0; i < 1000; ++i)
    server.serveOne();
  server.stop();
  return 0;
}
