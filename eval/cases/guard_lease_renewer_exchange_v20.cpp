// Distributed-lock lease client: keeps a lease alive by writing RENEW lines
// to the coordinator over a socket descriptor. release() closes the socket
// exactly once through std::atomic<bool>::exchange(); renew() returns false
// once closed_ is set; the destructor calls release(). Defect: abandon(), the
// path taken when the lease deadline was missed, closes the descriptor
// without setting closed_, so a later renew() writes to the closed socket and
// the destructor's release() closes it a second time.
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>

class LeaseClient {
public:
  explicit LeaseClient(int fd) : fd_(fd) {}
  ~LeaseClient();
  LeaseClient(const LeaseClient &) = delete;
  LeaseClient &operator=(const LeaseClient &) = delete;
  bool renew(const std::string &leaseId);
  void release();
  void abandon();
  bool closed() const { return closed_.load(); }

private:
  int fd_;
  std::atomic<bool> closed_{false};
};

LeaseClient::~LeaseClient() { release(); }

bool LeaseClient::renew(const std::string &leaseId) {
  if (closed_.load())
    return false;
  const std::string msg = "RENEW " + leaseId + "\n";
  return ::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(msg.size()); // SAME: abandonrenew
}

void LeaseClient::release() {
  if (closed_.exchange(true))
    return;
  ::close(fd_); // SAME: abandondtor
}

void LeaseClient::abandon() {
  std::fprintf(stderr, "lease deadline missed, dropping coordinator link\n");
  ::shutdown(fd_, SHUT_RDWR);
  ::close(fd_);
}

void holdLease(int fd, const std::string &id, int rounds) {
  LeaseClient client(fd);
  int n = 0;
  while (!client.closed() && n++ < rounds) {
    if (!client.renew(id)) // OK: the loop condition checks closed() first
      break;
  }
  client.release();
  client.release(); // OK: exchange() makes the second call return early
  client.renew(id); // OK: renew() returns false once released
} // OK: the destructor's release() sees closed_ already set

void renewWithDeadline(int fd, const std::string &id, std::chrono::milliseconds elapsed,
                       std::chrono::milliseconds ttl) {
  LeaseClient client(fd);
  client.renew(id);
  if (elapsed > ttl)
    client.abandon();
  client.renew(id); // BUG: use-after-close #abandonrenew
} // BUG: double-close #abandondtor

int main() {
  int a[2], b[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, a) != 0 || ::socketpair(AF_UNIX, SOCK_STREAM, 0, b) != 0)
    return 1;
  holdLease(a[0], "jobs/scheduler-leader", 3);
  renewWithDeadline(b[0], "jobs/compactor-leader", std::chrono::milliseconds(4200),
                    std::chrono::milliseconds(3000));
  ::close(a[1]);
  ::close(b[1]);
  return 0;
}
