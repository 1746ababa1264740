// Acceptor: greets accepted clients and hands them to the Fanout
// (acceptor.cpp). No markers here.
#pragma once
#include "gateway/fanout.h"

#include <string>
#include <utility>

namespace gateway {

class Acceptor {
public:
  Acceptor(Fanout &fanout, std::string motd) : fanout_(fanout), motd_(std::move(motd)) {}

  /// 0 when the greeting went out; an errno value (and the descriptor is
  /// closed) when it did not.
  int greet(int fd);
  void onAccept(int fd);
  void onAcceptLegacy(int fd);

private:
  Fanout &fanout_;
  std::string motd_;
};

} // namespace gateway
