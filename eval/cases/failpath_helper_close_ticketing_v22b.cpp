// Box-office client of a concert ticketing system. A TicketGateway session
// holds seats and commits orders. The inventory protocol requires a fresh
// session after a rollback, so reserveSeats() closes the gateway on its error
// path and returns false; authenticate() closes it and throws AuthError when
// the credentials are refused.
// Correct: sellOrder() and openSalesSession() go on only on success.
// Defects: sellWithParking() ignores the result of the optional parking
// reservation and commits on a gateway that may have been closed;
// connectKiosk() closes again after authenticate() already closed and threw.
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <stdexcept>
#include <string>

struct AuthError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Order {
  std::string id;
  std::string eventId;
  std::string seats; // "A12,A13"
};

int dialBoxOffice(const std::string &host);

// send()/readReply() throw std::logic_error once closed; close() a second time
// throws std::logic_error. The destructor closes a still-open session.
class TicketGateway {
public:
  explicit TicketGateway(const std::string &host) : fd_(dialBoxOffice(host)) {}
  ~TicketGateway() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  TicketGateway(const TicketGateway &) = delete;
  TicketGateway &operator=(const TicketGateway &) = delete;

  void send(const std::string &line) {
    if (fd_ < 0)
      throw std::logic_error("ticket gateway closed");
    std::string wire = line + "\n";
    ::send(fd_, wire.data(), wire.size(), MSG_NOSIGNAL);
  }
  std::string readReply() {
    if (fd_ < 0)
      throw std::logic_error("ticket gateway closed");
    char buf[256];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("ticket gateway closed twice");
    ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

// Returns false (and closes the gateway, as the protocol demands) when the
// seats cannot be held.
bool reserveSeats(TicketGateway &gw, const Order &o) {
  gw.send("HOLD " + o.eventId + " " + o.seats);
  if (gw.readReply().rfind("HELD", 0) != 0) {
    gw.send("ROLLBACK " + o.id);
    gw.close();
    return false;
  }
  return true;
}

void authenticate(TicketGateway &gw, const std::string &clerk, const std::string &pin) {
  gw.send("AUTH " + clerk + " " + pin);
  if (gw.readReply().rfind("WELCOME", 0) != 0) {
    gw.close();
    throw AuthError("box office refused clerk " + clerk);
  }
}

bool sellOrder(TicketGateway &gw, const Order &o) {
  if (!reserveSeats(gw, o))
    return false;
  gw.send("COMMIT " + o.id); // OK: reserveSeats() succeeded, the gateway is open
  return true;
}

bool sellWithParking(TicketGateway &gw, const Order &o, const Order &parking) {
  if (!reserveSeats(gw, o))
    return false;
  reserveSeats(gw, parking); // parking is optional; a sold-out lot is fine
  gw.send("COMMIT " + o.id); // BUG: use-after-close
  return true;
}

std::unique_ptr<TicketGateway> openSalesSession(const std::string &host,
                                                const std::string &clerk,
                                                const std::string &pin) {
  auto gw = std::make_unique<TicketGateway>(host);
  authenticate(*gw, clerk, pin);
  gw->send("SUBSCRIBE availability"); // OK: authenticate() returned normally
  return gw;
}

std::unique_ptr<TicketGateway> connectKiosk(const std::string &host,
                                            const std::string &kioskId) {
  auto gw = std::make_unique<TicketGateway>(host);
  try {
    authenticate(*gw, "kiosk-" + kioskId, "0000");
  } catch (const AuthError &) {
    gw->close(); // BUG: double-close
    throw;
  }
  return gw;
}

int runCounter(const std::string &host, const Order &o, const Order &parking) {
  std::unique_ptr<TicketGateway> gw = openSalesSession(host, "clerk7", "4821");
  bool sold = parking.id.empty() ? sellOrder(*gw, o) : sellWithParking(*gw, o, parking);
  if (gw->isOpen())
    gw->send("LOGOUT"); // OK: guarded by isOpen()
  return sold ? 0 : 1;
}
