// Deliveries over a Link that throws TransportError when the peer drops the
// frame, and std::logic_error when it is used after close(). deliver() closes
// the link after a failed attempt and opens a fresh one before the next, so
// every send in the loop is on an open link (quiet line).
// deliverAndReport() opens a fresh link only when another attempt follows;
// after the third failure the link stays closed and the status report after
// the loop is sent on it (bug); the sends in its loop are on fresh links
// (quiet line).
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

struct TransportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Link {
public:
  explicit Link(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  void send(const std::string &frame) {
    if (closed_)
      throw std::logic_error("link to " + endpoint_ + " is closed");
    if (std::rand() % 4 == 0)
      throw TransportError("peer " + endpoint_ + " dropped " + frame);
  }
  void close() { closed_ = true; }

private:
  std::string endpoint_;
  bool closed_ = false;
};

bool deliver(const std::string &endpoint, const std::string &frame) {
  auto link = std::make_unique<Link>(endpoint);
  for (int attempt = 1; attempt <= 3; ++attempt) {
    try {
      link->send(frame); // OK: a fresh link after every close
      return true;
    } catch (const TransportError &) {
      link->close();
      link = std::make_unique<Link>(endpoint);
    }
  }
  return false;
}

bool deliverAndReport(const std::string &endpoint, const std::string &frame) {
  auto link = std::make_unique<Link>(endpoint);
  bool sent = false;
  for (int attempt = 1; attempt <= 3 && !sent; ++attempt) {
    try {
      link->send(frame); // OK: replaced whenever another attempt follows
      sent = true;
    } catch (const TransportError &) {
      link->close();
      if (attempt < 3)
        link = std::make_unique<Link>(endpoint);
    }
  }
  link->send(sent ? "STATUS delivered" : "STATUS failed"); // BUG: use-after-close
  return sent;
}
