// Handshakes with networked controllers. Negative: each helper closes the
// link only on its own failure path and then reports the failure (false or
// an exception) without touching the link again; on success the link is
// left open for the caller.
#include "parley.h"

#include <chrono>
#include <stdexcept>

namespace cued {

namespace {
constexpr std::chrono::milliseconds kBannerWait{1500};
constexpr std::chrono::milliseconds kReplyWait{1000};
} // namespace

bool expectBanner(DeckSocket &link, const std::string &prefix) {
  std::string banner;
  try {
    banner = link.recvLine(kBannerWait);
  } catch (const std::runtime_error &) {
    link.close();
    return false;
  }
  if (banner.compare(0, prefix.size(), prefix) != 0) {
    link.close();
    return false;
  }
  return true;
}

void negotiate(DeckSocket &link, const std::string &axisName) {
  link.sendLine("PROTO 3 UNITS mm AXIS " + axisName);
  const std::string reply = link.recvLine(kReplyWait);
  if (reply.compare(0, 2, "OK") != 0) {
    link.close();
    throw std::runtime_error(axisName + ": controller refused negotiation: " +
                             reply);
  }
}

} // namespace cued
