// Start-up checks of the data directory after an unclean stop: trims a torn
// index tail and moves unusable segments out of the way.
#pragma once
#include <cstddef>
#include <string>

namespace histd {

struct RecoveryReport {
  std::size_t segments = 0;
  std::size_t unsealed = 0;
  std::size_t quarantined = 0;
  std::size_t indexBytesTrimmed = 0;
};

RecoveryReport recoverDirectory(const std::string &dir);

} // namespace histd
