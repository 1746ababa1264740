// Operator commands dropped as small text files into the spool directory
// ("export 101 TT101 <from> <to>", "cancel <job>", "identify <plc>", ...).
#pragma once
#include <string>
#include <vector>

namespace histd {

struct SpoolCommand {
  std::string file;
  std::string verb;
  std::vector<std::string> args;
};

/// Reads every "*.cmd" file in `dir` (oldest first) and removes it.
std::vector<SpoolCommand> readSpool(const std::string &dir);

} // namespace histd
