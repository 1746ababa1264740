// Status server of the storage daemon: accepts clients in a loop and answers
// one "STATUS <volume>" request per connection. readRequest() and
// handleClient() close the client descriptor themselves on their error paths
// and return -1 (handleClient() returns 1 when it kept the socket as a
// subscriber). Subscribers registered with SUBSCRIBE keep their socket open
// and get every status change pushed to them. redirectStderr() points the
// daemon's stderr at its log file with dup2().
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using StatusTable = std::map<std::string, std::string>;

static int sendLine(int fd, const std::string &line) {
  ssize_t n = ::send(fd, line.data(), line.size(), MSG_NOSIGNAL); // SAME: errreply
  return n == static_cast<ssize_t>(line.size()) ? 0 : -1;
}

static int readRequest(int fd, std::string &out) {
  char buf[512];
  ssize_t n = ::recv(fd, buf, sizeof buf, 0);
  if (n <= 0) {
    ::close(fd);
    return -1;
  }
  out.assign(buf, static_cast<std::size_t>(n));
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
    out.pop_back();
  return 0;
}

static int handleClient(int fd, const StatusTable &table,
                        std::vector<int> &subscribers) {
  std::string req;
  if (readRequest(fd, req) < 0) {
    sendLine(fd, "ERR cannot read request\n"); // BUG: use-after-close #errreply
    return -1;
  }
  if (req == "SUBSCRIBE") {
    subscribers.push_back(fd);
    return 1;
  }
  std::string reply = "ERR unknown volume\n";
  if (req.compare(0, 7, "STATUS ") == 0) {
    auto it = table.find(req.substr(7));
    if (it != table.end())
      reply = "VOL " + it->first + " " + it->second + "\n";
  }
  if (sendLine(fd, reply) < 0) {
    ::close(fd);
    return -1;
  }
  return 0;
}

// Pushes a status change to every subscriber; a subscriber whose send fails
// has gone away: its socket is closed and removed from the list.
void pushToSubscribers(std::vector<int> &subscribers, const std::string &line) {
  for (auto it = subscribers.begin(); it != subscribers.end();) {
    if (sendLine(*it, line) < 0) {
      ::close(*it);
      it = subscribers.erase(it);
    } else {
      ++it;
    }
  }
}

void serveForever(int listenFd, const StatusTable &table,
                  const std::vector<std::string> &changes) {
  std::vector<int> subscribers;
  std::size_t nextChange = 0;
  for (;;) {
    int client = ::accept(listenFd, nullptr, nullptr);
    if (client < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    int rc = handleClient(client, table, subscribers);
    if (rc < 0) {
      ::close(client); // BUG: double-close
      continue;
    }
    if (rc == 0)
      ::close(client); // OK: handleClient() only closes on its error paths
    if (nextChange < changes.size())
      pushToSubscribers(subscribers, changes[nextChange++]);
  }
  for (int fd : subscribers)
    ::close(fd);
  ::close(listenFd);
}

int redirectStderr(const char *path) {
  int logFd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (logFd < 0)
    return -1;
  if (::dup2(logFd, STDERR_FILENO) < 0) {
    ::close(logFd);
    return -1;
  }
  ::close(logFd);
  const char banner[] = "stderr redirected to daemon log\n";
  return ::write(STDERR_FILENO, banner, sizeof banner - 1) < 0 ? -1 : 0; // OK: writes through the dup2() copy
}
