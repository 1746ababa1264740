// Reads agent.conf.
#pragma once
#include "buildfarm/config.h"

#include <string>

namespace buildfarm {

// Format: an "[agent]" header line, then "key = value" lines, '#' comments
// and "include <file>" lines (relative to the including file). Files in the
// pre-2.0 format (no header, "key value" pairs) are converted to
// "<file>.converted" first and that copy is read. Unknown keys are errors.
class ConfigLoader {
public:
  AgentConfig load(const std::string &path);

private:
  void loadFile(const std::string &path, AgentConfig &cfg, int depth);
  bool convertLegacy(const std::string &from, const std::string &to);
  void apply(AgentConfig &cfg, const std::string &key, const std::string &value,
             const std::string &where);
};

} // namespace buildfarm
