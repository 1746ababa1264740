// A Socket wrapper whose close() returns early when already closed, the usual
// idempotent shape; send() throws "socket closed". Calling close() twice (an
// explicit close followed by the one in the destructor, or two explicit ones
// on error paths) is correct (negative case).
#include <unistd.h>

#include <stdexcept>
#include <string>

class Socket {
public:
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() { close(); }
  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;

  void send(const std::string &data) {
    if (fd_ < 0)
      throw std::runtime_error("socket closed");
    ::write(fd_, data.data(), data.size());
  }

  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

void handshake(Socket &socket, bool rejected) {
  socket.send("HELLO\r\n");
  if (rejected) {
    socket.close();
  }
  socket.close(); // OK
}

void serve(int fd) {
  Socket client(fd);
  client.send("220 ready\r\n");
  client.close();
  client.close(); // OK
}
