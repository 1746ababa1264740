// Line-based TCP chat relay. ClientTable maps client ids to socket
// descriptors; the server polls them and relays lines to everybody else.
// Defects: onHangup() closes the departed client's socket before it erases
// the table entry, so the "left" broadcast writes to the closed descriptor;
// stop() closes the listening socket without forgetting it, so the destructor
// closes it again. onQuit() removes the entry before broadcasting, which is
// correct.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <string>
#include <vector>

static bool sendLine(int fd, const std::string &line) {
  return ::send(fd, line.data(), line.size(), MSG_NOSIGNAL) == // SAME: left_bcast
         static_cast<ssize_t>(line.size());
}

class ClientTable {
public:
  void add(int id, int fd) { fds_[id] = fd; }
  int fdOf(int id) const { return fds_.at(id); }
  void erase(int id) { fds_.erase(id); }
  // Closes the client's socket and forgets it.
  void remove(int id) {
    auto it = fds_.find(id);
    if (it == fds_.end())
      return;
    ::close(it->second);
    fds_.erase(it);
  }
  void broadcast(const std::string &line, int exceptId) {
    for (const auto &entry : fds_)
      if (entry.first != exceptId)
        sendLine(entry.second, line);
  }
  void closeAll() {
    for (const auto &entry : fds_)
      ::close(entry.second);
    fds_.clear();
  }
  const std::map<int, int> &entries() const { return fds_; }

private:
  std::map<int, int> fds_;
};

class ChatRelay {
public:
  explicit ChatRelay(unsigned short port) : port_(port) {}
  ~ChatRelay() {
    table_.closeAll(); // OK: stop() already emptied the table, nothing is closed twice here
    if (listenFd_ >= 0)
      ::close(listenFd_); // SAME: listen_twice
  }

  bool listen() {
    listenFd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listenFd_ < 0)
      return false;
    int one = 1;
    ::setsockopt(listenFd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port_);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    return ::bind(listenFd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
           ::listen(listenFd_, 16) == 0;
  }

  void run() {
    while (!stopRequested_) {
      std::vector<pollfd> pfds{{listenFd_, POLLIN, 0}};
      std::vector<int> ids;
      for (const auto &entry : table_.entries()) {
        pfds.push_back({entry.second, POLLIN, 0});
        ids.push_back(entry.first);
      }
      if (::poll(pfds.data(), pfds.size(), 1000) < 0) {
        if (errno == EINTR)
          continue;
        break;
      }
      if (pfds[0].revents & POLLIN)
        acceptClient();
      for (size_t i = 1; i < pfds.size(); ++i)
        if (pfds[i].revents & (POLLIN | POLLHUP))
          handleReadable(ids[i - 1], pfds[i].fd);
    }
  }

  void stop() {
    table_.closeAll();
    ::close(listenFd_);
  }

private:
  static std::string nameOf(int id) { return "client-" + std::to_string(id); }

  void acceptClient() {
    int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0)
      return;
    int id = nextId_++;
    table_.add(id, fd);
    table_.broadcast("* " + nameOf(id) + " joined\n", id);
  }

  void handleReadable(int id, int fd) {
    char buf[512];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      onHangup(id);
      return;
    }
    std::string line(buf, static_cast<size_t>(n));
    if (line.compare(0, 5, "/quit") == 0)
      onQuit(id);
    else if (line.compare(0, 9, "/shutdown") == 0)
      stopRequested_ = true;
    else
      table_.broadcast(nameOf(id) + ": " + line, id);
  }

  void onHangup(int id) {
    ::close(table_.fdOf(id));
    table_.broadcast("* " + nameOf(id) + " left\n", -1); // BUG: use-after-close #left_bcast
    table_.erase(id);
  }

  void onQuit(int id) {
    sendLine(table_.fdOf(id), "bye\n");
    table_.remove(id);
    table_.broadcast("* " + nameOf(id) + " quit\n", -1); // OK: remove() erased the entry before the broadcast
  }

  unsigned short port_;
  int listenFd_ = -1;
  int nextId_ = 1;
  bool stopRequested_ = false;
  ClientTable table_;
};

int main() {
  ChatRelay relay(7777);
  if (!relay.listen())
    return 1;
  relay.run();
  relay.stop();
  return 0;
} // BUG: double-close #listen_twice
