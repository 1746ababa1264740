// Routes client messages upstream, keeping the ones that arrive while the
// publisher is paused.
#pragma once
#include "relay/publisher.h"

#include <string>
#include <vector>

namespace relay {

class Router {
public:
  explicit Router(Publisher &publisher) : publisher_(publisher) {}
  bool route(const std::string &topic, const std::string &payload);
  void hold(const std::string &topic, const std::string &payload);
  void drainAndStop();
  void stopAndDiscard();

private:
  Publisher &publisher_;
  std::vector<Record> pending_;
};

} // namespace relay
