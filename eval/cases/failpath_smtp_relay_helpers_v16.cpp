// Outbound SMTP relay client of a notification service. The protocol helpers
// follow one convention: on failure they close the socket themselves and report
// it (false, -1, or SmtpError thrown after the close); on success the socket is
// left open for the caller. deliver() and sendDigest() are written against that
// convention; sendBounce() was written by someone who assumed the helpers leave
// the socket open on failure.
#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct SmtpError : std::runtime_error { using std::runtime_error::runtime_error; };

struct Mail {
  std::string from, to, body;
};

// Returns a connected socket, or -1 (nothing left open) on failure.
static int connectRelay(const char *ip, unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Reads one reply; closes the socket and returns false unless it starts with code.
static bool expectReply(int fd, const char *code) {
  char buf[512];
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  if (n < 3 || std::strncmp(buf, code, 3) != 0) {
    ::close(fd);
    return false;
  }
  return true;
}

// Sends one command line; closes the socket and returns false on a send error.
static bool sendCommand(int fd, const std::string &line) {
  if (::send(fd, line.data(), line.size(), MSG_NOSIGNAL) < 0) {
    ::close(fd);
    return false;
  }
  return true;
}

// Throws SmtpError (socket already closed by the helper) when the relay refuses.
static void startTls(int fd) {
  if (!sendCommand(fd, "STARTTLS\r\n"))
    throw SmtpError("STARTTLS could not be sent");
  if (!expectReply(fd, "220"))
    throw SmtpError("relay refused STARTTLS");
}

bool deliver(const Mail &m) {
  int fd = connectRelay("10.0.4.25", 25);
  if (fd < 0)
    return false;
  if (!expectReply(fd, "220") || !sendCommand(fd, "EHLO notify.example.org\r\n"))
    return false;
  if (!expectReply(fd, "250"))
    return false;
  const std::string from = "MAIL FROM:<" + m.from + ">\r\n";
  ::send(fd, from.data(), from.size(), MSG_NOSIGNAL); // OK: every failure above returned
  if (!expectReply(fd, "250") || !sendCommand(fd, "RCPT TO:<" + m.to + ">\r\n"))
    return false;
  if (!expectReply(fd, "250") || !sendCommand(fd, "DATA\r\n") || !expectReply(fd, "354"))
    return false;
  const std::string data = m.body + "\r\n.\r\n";
  ::send(fd, data.data(), data.size(), MSG_NOSIGNAL); // OK: DATA accepted, socket open
  if (sendCommand(fd, "QUIT\r\n"))
    ::close(fd); // OK: sendCommand closes only when it fails
  return true;
}

bool sendBounce(const Mail &original) {
  int fd = connectRelay("10.0.4.25", 25);
  if (fd < 0)
    return false;
  if (!expectReply(fd, "220")) {
    ::close(fd); // BUG: double-close
    return false;
  }
  try {
    startTls(fd);
  } catch (const SmtpError &e) {
    std::fprintf(stderr, "bounce for %s: %s\n", original.from.c_str(), e.what());
    ::close(fd); // BUG: double-close
    return false;
  }
  if (!sendCommand(fd, "DATA\r\n"))
    return false;
  if (!expectReply(fd, "354"))
    std::fprintf(stderr, "relay did not answer 354, sending the bounce anyway\n");
  const std::string body = "Undeliverable: " + original.to + "\r\n.\r\n";
  if (::send(fd, body.data(), body.size(), MSG_NOSIGNAL) < 0) // BUG: use-after-close
    return false;
  ::close(fd);
  return true;
}

bool sendDigest(const Mail &digest) {
  int fd = connectRelay("10.0.4.26", 587);
  if (fd < 0)
    return false;
  try {
    startTls(fd);
  } catch (const SmtpError &e) {
    std::fprintf(stderr, "digest: %s\n", e.what());
    return false;
  }
  const std::string rcpt = "RCPT TO:<" + digest.to + ">\r\n";
  ::send(fd, rcpt.data(), rcpt.size(), MSG_NOSIGNAL); // OK: the handler returned after the helper closed
  ::close(fd);
  return true;
}

int main() {
  Mail m{"alerts@example.org", "oncall@example.org", "Disk usage above 90%"};
  if (!deliver(m))
    sendBounce(m);
  sendDigest(m);
  return 0;
}
