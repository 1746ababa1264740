// Parses "key = value" configuration files. "include <file>" pulls in another
// file (at most kMaxDepth levels deep); "<file>.local", when present, is read
// after the main file and overrides it. Unknown keys are logged and ignored.
#pragma once
#include "kvlog/config.h"

#include <string>

namespace kvlog {

class ConfigLoader {
public:
  static constexpr int kMaxDepth = 4;

  bool load(const std::string &path, Config &cfg);

private:
  bool parseFile(const std::string &path, Config &cfg, int depth);
  bool apply(const std::string &key, const std::string &value, Config &cfg);
};

} // namespace kvlog
