// Tidepool sampling station for a nudibranch survey. The station streams dip-net
// counts to the field lab over TCP, drives a seawater pump over a serial line and
// writes a tide log. Closes are retried the usual way: only when the previous
// close() failed (EINTR/EAGAIN or any error).
// Three mistakes: redial() closes the old socket again on every failed dial,
// stop_pump() loops on a stale errno (a successful close leaves the EINTR from
// the interrupted read in place) and closes again, and end_tide() closes the
// log again after close_quietly() already closed it successfully.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct Station {
  int sock = -1;
  int pump = -1;
  int log = -1;
  std::string lab_ip;
  unsigned short lab_tcp = 0;
  int interrupted = 0;
};

static int dial(const std::string &ip, unsigned short tcp) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(tcp);
  ::inet_pton(AF_INET, ip.c_str(), &a.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Closes fd, retrying while close() is interrupted. 0 on success.
static int close_quietly(int fd) {
  for (;;) {
    if (::close(fd) == 0) // OK: previous close failed
      return 0;
    if (errno != EINTR)
      return -1;
  }
}

static int redial(Station &st) {
  ::close(st.sock);
  for (int attempt = 0; attempt < 5; ++attempt) {
    int fd = dial(st.lab_ip, st.lab_tcp);
    if (fd >= 0) {
      st.sock = fd;
      return 0;
    }
    ::close(st.sock); // BUG: double-close
    ::usleep(200000u << attempt);
  }
  st.sock = -1;
  return -1;
}

static void stop_pump(Station &st) {
  ::write(st.pump, "STOP\n", 5);
  char ack[16];
  ssize_t n = ::read(st.pump, ack, sizeof ack);
  if (n < 0 && errno == EINTR)
    ++st.interrupted;
  int rc;
  do {
    rc = ::close(st.pump); // BUG: double-close
  } while (errno == EINTR);
  st.pump = -1;
  (void)rc;
}

static void close_sock(Station &st) {
  int rc = ::close(st.sock);
  if (rc != 0 && (errno == EINTR || errno == EAGAIN))
    rc = ::close(st.sock); // OK: previous close failed
  st.sock = -1;
}

static bool close_log(Station &st) {
  bool closed = ::close(st.log) == 0;
  if (!closed) {
    std::fprintf(stderr, "tide log close failed: %s\n", std::strerror(errno));
    closed = ::close(st.log) == 0; // OK: previous close failed
  }
  st.log = -1;
  return closed;
}

static void end_tide(Station &st) {
  if (close_quietly(st.log) != 0)
    std::perror("tide log");
  ::close(st.log); // BUG: double-close
  st.log = -1;
}

static void end_tide_checked(Station &st) {
  if (close_quietly(st.log) != 0)
    ::close(st.log); // OK: previous close failed
  st.log = -1;
}

int survey_low_tide(const std::string &lab_ip, int counts, int mode) {
  Station st;
  st.lab_ip = lab_ip;
  st.lab_tcp = 7070;
  st.sock = dial(st.lab_ip, st.lab_tcp);
  st.pump = ::open("/dev/ttyUSB0", O_RDWR | O_NOCTTY);
  st.log = ::open("tide.log", O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (st.sock < 0 || st.pump < 0 || st.log < 0)
    return 1;
  std::string line = "dipnet count " + std::to_string(counts) + "\n";
  if (::send(st.sock, line.data(), line.size(), MSG_NOSIGNAL) < 0 && redial(st) != 0)
    return 1;
  stop_pump(st);
  close_sock(st);
  if (mode == 0)
    end_tide(st);
  else if (mode == 1)
    end_tide_checked(st);
  else
    close_log(st);
  return 0;
}
