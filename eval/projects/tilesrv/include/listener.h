// Listener: the non-blocking TCP socket map clients connect to.
#pragma once

#include <cstdint>
#include <string>

#include "fd.h"

namespace tilesrv {

class Listener {
public:
  Listener(const std::string &host, std::uint16_t port, int backlog);
  ~Listener();

  Listener(const Listener &) = delete;
  Listener &operator=(const Listener &) = delete;

  // An empty Fd when no connection is pending; throws once stopped.
  Fd acceptClient(std::string *peer);
  void stop();

  int fd() const { return sock_.get(); }
  bool isListening() const { return sock_.valid(); }
  const std::string &address() const { return address_; }

private:
  Fd sock_;
  Fd spare_;
  std::string address_;
};

} // namespace tilesrv
