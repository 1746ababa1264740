// Log fan-out: every published line is copied to a set of subscriber sockets
// kept in a std::vector<int>. evict() closes one descriptor and erases it.
// Defect: dropBroken() closes the descriptors whose peer hung up but leaves
// them in fds_, so the next publish() sends on closed descriptors and the
// destructor closes them a second time.
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class Fanout {
public:
  Fanout() = default;
  Fanout(const Fanout &) = delete;
  Fanout &operator=(const Fanout &) = delete;
  ~Fanout() {
    for (int fd : fds_)
      ::close(fd); // SAME: dtor_after_drop
  }

  void add(int fd) { fds_.push_back(fd); }

  void publish(const std::string &line) {
    for (int fd : fds_) {
      ssize_t n = ::send(fd, line.data(), line.size(), MSG_NOSIGNAL | MSG_DONTWAIT); // SAME: publish_after_drop
      if (n < 0 && errno != EAGAIN)
        std::perror("fanout: send");
    }
  }

  void evict(std::size_t index) {
    if (index >= fds_.size())
      return;
    ::close(fds_[index]);
    fds_.erase(fds_.begin() + static_cast<std::ptrdiff_t>(index));
  }

  void dropBroken() {
    for (int fd : fds_) {
      pollfd p{fd, POLLOUT, 0};
      if (::poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR)) != 0)
        ::close(fd);
    }
  }

  std::size_t size() const { return fds_.size(); }

private:
  std::vector<int> fds_;
};

int main() {
  Fanout fan;
  int peers[3];
  for (int &peer : peers) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
      return 1;
    fan.add(sv[0]);
    peer = sv[1];
  }
  fan.publish("boot\n");
  fan.evict(0);
  ::close(peers[0]); // OK: closes the subscriber's end, evict() closed the fan-out's end
  fan.publish("first subscriber evicted\n"); // OK: evict() erased the closed descriptor from the vector
  ::close(peers[1]);
  fan.dropBroken();
  fan.publish("after cleanup\n"); // BUG: use-after-close #publish_after_drop
  ::close(peers[2]);
  std::printf("%zu subscribers registered\n", fan.size());
  return 0;
} // BUG: double-close #dtor_after_drop
