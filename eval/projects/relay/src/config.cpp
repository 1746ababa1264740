// loadConfig(): reads key=value lines with the input closed by a ScopeGuard
// when the reading block ends; the read error is checked after that block,
// on the closed stream.
#include "relay/config.h"
#include "relay/scope_guard.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace relay {

namespace {

void applyLine(RelayConfig &config, const char *line) {
  const char *eq = std::strchr(line, '=');
  if (!eq)
    return;
  const std::string key(line, static_cast<std::size_t>(eq - line));
  std::string value(eq + 1);
  while (!value.empty() && (value.back() == '\n' || value.back() == '\r'))
    value.pop_back();
  if (key == "brokers")
    config.brokers = value;
  else if (key == "log")
    config.logPath = value;
  else if (key == "spool")
    config.spoolPath = value;
  else if (key == "port")
    config.port = std::atoi(value.c_str());
  else if (key == "workers")
    config.workers = static_cast<unsigned>(std::atoi(value.c_str()));
}

} // namespace

RelayConfig loadConfig(const std::string &path) {
  std::FILE *in = std::fopen(path.c_str(), "r");
  if (!in)
    throw std::runtime_error("cannot open " + path);
  RelayConfig config;
  {
    auto closeInput = makeScopeGuard([in] { std::fclose(in); });
    char line[256];
    while (std::fgets(line, sizeof line, in)) // OK
      applyLine(config, line);
  }
  if (std::ferror(in)) // BUG: use-after-close
    throw std::runtime_error("read error in " + path);
  return config;
}

} // namespace relay
