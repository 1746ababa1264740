// SIP trunk handling for a small VoIP PBX. Each operation opens a TCP
// descriptor to the carrier's session border controller, exchanges SIP
// messages, and closes the descriptor. Error handling uses try/catch around
// the exchange.
// originate() is correct: its catch closes and rethrows, so the close after
// the try runs only on success. Defects: probeTrunk()'s catch closes the
// descriptor and falls through to the normal close; transferCall()'s catch
// closes and then the BYE is still sent on the descriptor.
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

struct TrunkError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Trunk {
  std::string name, host, port;
};

struct Call {
  std::string callId, from, to;
};

int openTrunk(const Trunk &t) {
  addrinfo hints{}, *res = nullptr;
  hints.ai_socktype = SOCK_STREAM;
  if (::getaddrinfo(t.host.c_str(), t.port.c_str(), &hints, &res) != 0)
    throw TrunkError("cannot resolve " + t.host);
  int fd = ::socket(res->ai_family, res->ai_socktype, res->ai_protocol);
  if (fd < 0 || ::connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    int err = errno;
    if (fd >= 0)
      ::close(fd);
    ::freeaddrinfo(res);
    throw TrunkError(std::string("connect: ") + std::strerror(err));
  }
  ::freeaddrinfo(res);
  return fd;
}

void sendSip(int fd, const std::string &msg) {
  if (::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(msg.size())) // SAME: transfer_bye
    throw TrunkError("short write on SIP trunk");
}

int readStatus(int fd) {
  char buf[512];
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  if (n <= 12)
    throw TrunkError("no SIP response");
  buf[n] = '\0';
  return std::atoi(buf + 8); // "SIP/2.0 200 ..."
}

std::string request(const char *method, const Call &c) {
  return std::string(method) + " sip:" + c.to + " SIP/2.0\r\nCall-ID: " + c.callId +
         "\r\nFrom: <sip:" + c.from + ">\r\n\r\n";
}

void originate(const Trunk &t, const Call &c) {
  int fd = openTrunk(t);
  try {
    sendSip(fd, request("INVITE", c));
    int status = readStatus(fd);
    if (status != 200)
      throw TrunkError("INVITE rejected with " + std::to_string(status));
    sendSip(fd, request("ACK", c));
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd); // OK: the catch rethrows, only the success path reaches this
}

bool probeTrunk(const Trunk &t) {
  int fd = openTrunk(t);
  bool healthy = true;
  Call probe{"probe-" + t.name, "pbx", "ping@" + t.host};
  try {
    sendSip(fd, request("OPTIONS", probe));
    healthy = readStatus(fd) == 200;
  } catch (const TrunkError &e) {
    std::fprintf(stderr, "trunk %s unhealthy: %s\n", t.name.c_str(), e.what());
    ::close(fd);
    healthy = false;
  }
  ::close(fd); // BUG: double-close
  return healthy;
}

// Takes ownership of fd (the dialog's descriptor).
bool transferCall(int fd, const Call &c, const std::string &target) {
  bool transferred = false;
  bool fdClosed = false;
  try {
    sendSip(fd, request("REFER", c) + "Refer-To: <sip:" + target + ">\r\n");
    transferred = readStatus(fd) == 202;
  } catch (const TrunkError &e) {
    std::fprintf(stderr, "transfer of %s failed: %s\n", c.callId.c_str(), e.what());
    ::close(fd);
    fdClosed = true;
  }
  // release the media ports on the gateway in either case
  sendSip(fd, request("BYE", c)); // BUG: use-after-close #transfer_bye
  if (!fdClosed)
    ::close(fd); // OK: skipped when the catch has already closed it
  return transferred;
}

void hangupAll(std::vector<int> &dialogs, const Call &template_) {
  for (int fd : dialogs) {
    try {
      sendSip(fd, request("BYE", template_));
    } catch (const TrunkError &) {
      // the peer is gone already; closing is all that is left
    }
    ::close(fd); // OK: each descriptor of the list is closed once
  }
  dialogs.clear();
}
