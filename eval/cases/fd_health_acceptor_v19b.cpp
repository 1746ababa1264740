// TCP health-check responder of a load-balanced service: accepts connections
// on a side port, reads one request line, answers, half-closes and drains.
// Negative case: handleClient() closes each accepted descriptor exactly once
// (its early returns close and return); recv() after shutdown(SHUT_WR) is on
// a still-open descriptor; each handler thread owns the descriptor it was
// given and the accept loop never touches it again; Listener::close() resets
// fd_ to -1, so the destructor's close() after an explicit close does nothing;
// main() closes the listener only after joining the acceptor thread.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

// Listener: accept() returns -1 once closed; close() is idempotent; wake()
// only shuts the socket down, it does not close it.
class Listener {
public:
  explicit Listener(std::uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0)
      throw std::runtime_error("socket() failed");
    const int one = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        ::listen(fd_, 64) != 0) {
      ::close(std::exchange(fd_, -1));
      throw std::runtime_error("bind/listen failed");
    }
  }
  ~Listener() { close(); }
  Listener(const Listener &) = delete;
  Listener &operator=(const Listener &) = delete;

  int accept() { return fd_ < 0 ? -1 : ::accept(fd_, nullptr, nullptr); }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1)); // OK: fd_ is reset, so this runs once
  }
  bool open() const { return fd_ >= 0; }
  // Makes a blocked accept() return (Linux) without releasing the descriptor.
  void wake() {
    if (fd_ >= 0)
      ::shutdown(fd_, SHUT_RDWR);
  }

private:
  int fd_ = -1;
};

static void handleClient(int fd) {
  char buf[512];
  const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
  if (n <= 0) {
    ::close(fd);
    return;
  }
  const std::string request(buf, static_cast<std::size_t>(n));
  const std::string reply = request.rfind("GET /ready", 0) == 0
                                ? "HTTP/1.0 204 No Content\r\n\r\n"
                                : "HTTP/1.0 404 Not Found\r\n\r\n";
  if (::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL) < 0) {
    ::close(fd);
    return;
  }
  ::shutdown(fd, SHUT_WR);
  while (::recv(fd, buf, sizeof buf, 0) > 0) { // OK: shutdown() is not close()
  }
  ::close(fd); // OK: the early returns above closed and returned
}

void serve(Listener &listener, std::atomic<bool> &stopping) {
  while (!stopping.load() && listener.open()) {
    const int client = listener.accept();
    if (client < 0) {
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      break;
    }
    std::thread([client] { handleClient(client); }).detach(); // the thread owns client
  }
}

int main() {
  std::atomic<bool> stopping{false};
  Listener listener(8086);
  std::thread acceptor([&] { serve(listener, stopping); });
  ::sleep(60);
  stopping = true;
  listener.wake();
  acceptor.join();
  listener.close(); // OK: the acceptor thread has been joined
  return 0;
}
