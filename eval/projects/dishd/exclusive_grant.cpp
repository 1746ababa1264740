// ExclusiveGrant implementation: GRANT on construction, RELEASE and close of
// the granting line on destruction (the firmware drops grants whose
// connection goes away, so closing is what really ends the grant).
#include "exclusive_grant.h"

#include <stdexcept>
#include <utility>

ExclusiveGrant::ExclusiveGrant(NetLine &line, std::string holder)
    : line_(line), holder_(std::move(holder)) {
  line_.transmit("GRANT " + holder_);
}

void ExclusiveGrant::assertControl() {
  const std::string current = line_.query("HOLDER?");
  if (current != holder_)
    throw std::runtime_error("instrument at " + line_.peer() + " is held by " +
                             current);
}

ExclusiveGrant::~ExclusiveGrant() {
  if (!line_)
    return;
  try {
    line_.transmit("RELEASE " + holder_);
  } catch (const std::exception &) {
    // The line is being dropped anyway; the firmware releases on disconnect.
  }
  line_.close();
}
