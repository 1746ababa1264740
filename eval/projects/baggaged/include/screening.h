// Hold-baggage screening (HBS) machines are reached over TCP. Callers only
// see this interface; the concrete link lives in tcp_screening_link.cpp.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>

struct ScreenVerdict {
  std::string tag;
  bool cleared = false;
  int level = 1;
};

// The machine did not answer in time; the connection itself is still up.
class LinkTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The connection is gone; the link has already dropped its socket.
class LinkDown : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class IScreeningLink {
 public:
  virtual ~IScreeningLink() = default;
  // throws LinkTimeout, LinkDown, or std::runtime_error when disconnected
  virtual ScreenVerdict submit(const std::string& tag) = 0;
  // throws std::logic_error when already disconnected
  virtual void disconnect() = 0;
  virtual bool connected() const = 0;
  virtual std::string peer() const = 0;
};

// Factory: connects to the machine's control port, throws when unreachable.
std::shared_ptr<IScreeningLink> makeTcpScreeningLink(const std::string& host, int port);
