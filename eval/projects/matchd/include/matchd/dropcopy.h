// DropCopyProducer: outbound TCP feed of every fill to the clearing firm's
// drop-copy server. send() after release() throws std::logic_error; releasing
// twice is a programming error and throws std::logic_error.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>

#include "matchd/connection.h"
#include "matchd/types.h"

namespace matchd {

class DropCopyProducer {
public:
  DropCopyProducer(std::string host, std::uint16_t port);
  ~DropCopyProducer();

  void connect();
  // Replaces the current socket with a fresh one (the producer must not be released).
  void reconnect();
  bool isClosed() const;
  void send(const Fill &f);
  void release();

private:
  const std::string host_;
  const std::uint16_t port_;
  mutable std::mutex mu_;
  TcpConnection conn_;
  bool released_ = false;
};

} // namespace matchd
