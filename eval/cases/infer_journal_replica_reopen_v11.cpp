// Two user classes whose close behaviour is only visible in their bodies.
// Journal::close() throws std::logic_error when called twice, and copyTable()
// closes the journal on its limit path and again after the loop, while
// ReplicaLink::close() returns early when already closed, so its destructor
// closing a closed link is fine.
// ReplicaLink::reopen() returns early without reconnecting when the link was
// built with reconnects disabled; resync() closes the link and relies on
// reopen(), so for the read-only replica in runReplicas() its sends go to the
// closed link (for the primary, which allows reconnects, they are fine).
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

class Journal {
public:
  explicit Journal(const char *path) : fd_(::open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) {
    if (fd_ < 0)
      throw std::system_error(errno, std::generic_category(), path);
  }
  ~Journal() { if (fd_ >= 0) ::close(fd_); }
  void append(const std::string &rec) {
    if (fd_ < 0)
      throw std::logic_error("append to closed journal");
    std::string line = rec + "\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::system_error(errno, std::generic_category(), "journal write");
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("journal closed twice");
    ::fsync(fd_);
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

bool copyTable(const std::vector<std::string> &rows, Journal &journal, std::size_t limit) {
  std::size_t n = 0;
  for (const auto &row : rows) {
    if (++n > limit) {
      std::fprintf(stderr, "copy: row limit %zu reached\n", limit);
      journal.close();
      break;
    }
    journal.append(row);
  }
  journal.close(); // BUG: double-close
  return n <= limit;
}

class ReplicaLink {
public:
  ReplicaLink(const char *ip, uint16_t port, bool allowReconnect) : allowReconnect_(allowReconnect) {
    addr_.sin_family = AF_INET;
    addr_.sin_port = htons(port);
    ::inet_pton(AF_INET, ip, &addr_.sin_addr);
    reopen();
  }
  ~ReplicaLink() { close(); } // OK: close() does nothing once fd_ is -1
  void send(const std::string &msg) {
    if (fd_ < 0)
      throw std::runtime_error("replica link closed");
    ::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL);
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  // Reconnects a closed link; read-only replicas connect once and never again.
  void reopen() {
    if (fd_ >= 0 || (!allowReconnect_ && everConnected_))
      return;
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&addr_), sizeof addr_) != 0) {
      int err = errno;
      if (fd >= 0) ::close(fd);
      throw std::system_error(err, std::generic_category(), "replica connect");
    }
    fd_ = fd;
    everConnected_ = true;
  }

private:
  sockaddr_in addr_{};
  bool allowReconnect_;
  bool everConnected_ = false;
  int fd_ = -1;
};

void resync(ReplicaLink &link, const std::vector<std::string> &log) {
  link.close(); // drop the stale session
  link.reopen();
  for (const auto &entry : log)
    link.send(entry); // SAME: resync
}

void runReplicas(const std::vector<std::string> &log) {
  ReplicaLink primary("10.0.0.5", 7000, /*allowReconnect=*/true);
  ReplicaLink readOnly("10.0.0.7", 7000, /*allowReconnect=*/false);
  resync(primary, log); // OK: reopen() reconnects a link that allows it, or throws
  resync(readOnly, log); // BUG: use-after-close #resync
}
