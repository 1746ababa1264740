// Connection handshakes with networked controllers.
#pragma once
#include "decksocket.h"
#include <string>

namespace cued {

/// Reads the controller's banner. If it is missing or does not start with
/// `prefix`, closes the link and returns false.
bool expectBanner(DeckSocket &link, const std::string &prefix);

/// Agrees protocol version and units. If the controller refuses, closes the
/// link and throws std::runtime_error.
void negotiate(DeckSocket &link, const std::string &axisName);

} // namespace cued
