// Router: routes while the publisher runs and holds messages otherwise.
// drainAndStop() stops the publisher before publishing what it held (bug:
// the batch goes to the closed producer); stopAndDiscard() publishes nothing
// after the stop.
#include "relay/router.h"

namespace relay {

bool Router::route(const std::string &topic, const std::string &payload) {
  if (!publisher_.running())
    return false;
  publisher_.publish(topic, payload); // OK
  return true;
}

void Router::hold(const std::string &topic, const std::string &payload) {
  pending_.push_back({topic, payload});
}

void Router::drainAndStop() {
  publisher_.stop();
  publisher_.publishBatch(pending_); // BUG: use-after-close #drain
  pending_.clear();
}

void Router::stopAndDiscard() {
  publisher_.stop();
  pending_.clear();
  route("relay.events", "router stopped"); // OK
}

} // namespace relay
