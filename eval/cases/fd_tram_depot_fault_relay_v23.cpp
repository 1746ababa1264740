// Tram depot: a CAN-bus reader thread writes vehicle fault codes into a pipe;
// the depot controller forwards them from the pipe to the depot log
// collector over TCP, and keeps a dup()ed descriptor of the fault journal for
// the night-shift report.  sendLine() closes the socket when a send fails, so
// the peer sees the connection drop.  Defects: forwardFaults() closes the
// socket again after sendLine() already closed it on a failed send, and the
// night-shift report writes its last line through the original journal
// descriptor after closing it (the dup()ed copy is the one still open).
#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

static void writeAll(int fd, const std::string &text) {
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left); // SAME: journal_closed
    if (n <= 0)
      return;
    p += n;
    left -= static_cast<size_t>(n);
  }
}

static int connectCollector(const char *ip, unsigned short port) {
  int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  if (sock < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  ::inet_pton(AF_INET, ip, &addr.sin_addr);
  if (::connect(sock, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(sock);
    return -1;
  }
  return sock;
}

static bool sendLine(int sock, const std::string &line) {
  ssize_t n = ::send(sock, line.data(), line.size(), MSG_NOSIGNAL);
  if (n != static_cast<ssize_t>(line.size())) {
    std::perror("collector send");
    ::close(sock);
    return false;
  }
  return true;
}

static void forwardFaults(int readFd, int sock) {
  char buf[256];
  ssize_t n;
  while ((n = ::read(readFd, buf, sizeof buf)) > 0) {
    if (!sendLine(sock, std::string(buf, static_cast<size_t>(n))))
      break;
  }
  ::close(readFd);
  ::close(sock); // BUG: double-close
}

static void canReader(int writeFd, std::vector<std::string> frames) {
  for (const std::string &f : frames)
    writeAll(writeFd, f + "\n");
  ::close(writeFd); // the reader owns the write end; EOF tells the forwarder to stop
}

static void nightShiftReport(const std::string &journalPath) {
  int journal = ::open(journalPath.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0640);
  if (journal < 0)
    return;
  int keep = ::dup(journal);
  writeAll(journal, "night shift begins\n");
  ::close(journal);
  if (keep >= 0) {
    writeAll(keep, "tram 2214 pantograph fault cleared\n"); // OK: the dup stays open after the original is closed
    ::close(keep);
  }
  writeAll(journal, "report end\n"); // BUG: use-after-close #journal_closed
}

int main() {
  std::signal(SIGPIPE, SIG_IGN); // a dropped peer shows up as EPIPE, not a signal
  int fds[2];
  if (::pipe(fds) != 0)
    return 1;
  std::thread reader(canReader, fds[1],
                     std::vector<std::string>{"2214 E041 pantograph", "2230 B007 door 3",
                                              "2207 T112 traction inverter"});
  int sock = connectCollector("10.40.2.15", 5514);
  if (sock >= 0) {
    forwardFaults(fds[0], sock);
  } else {
    char sink[256];
    while (::read(fds[0], sink, sizeof sink) > 0) // drain so the CAN reader never blocks
      ;
    ::close(fds[0]); // OK: the forwarder never ran, so the read end is still open
  }
  reader.join();
  nightShiftReport("/var/depot/fault_journal.log");
  return 0;
}
