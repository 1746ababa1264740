// Configuration file parser: "key = value" lines, '#' comments, and
// "gate.<n> = host:port [disabled] [display text]" entries. The file is
// closed on the parse-error path before returning, and once after the loop
// on the normal path.
#include "config.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace ferry {

namespace {
std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool parseEndpoint(const std::string &text, Endpoint &out) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  const long port = std::strtol(text.c_str() + colon + 1, nullptr, 10);
  if (port <= 0 || port > 65535)
    return false;
  out.host = text.substr(0, colon);
  out.port = static_cast<std::uint16_t>(port);
  return true;
}

bool parseGate(const std::string &key, const std::string &value, TerminalConfig &cfg) {
  GateConfig gc;
  gc.id = static_cast<GateId>(std::strtoul(key.c_str() + 5, nullptr, 10));
  std::string rest = value;
  const auto sp = rest.find(' ');
  const std::string ep = sp == std::string::npos ? rest : rest.substr(0, sp);
  rest = sp == std::string::npos ? "" : trim(rest.substr(sp + 1));
  if (!parseEndpoint(ep, gc.endpoint))
    return false;
  if (rest.compare(0, 8, "disabled") == 0) {
    gc.enabled = false;
    rest = trim(rest.substr(8));
  }
  gc.displayText = rest.empty() ? "GATE " + std::to_string(gc.id) : rest;
  cfg.gates.push_back(gc);
  return true;
}

bool applyLine(const std::string &line, TerminalConfig &cfg) {
  const std::string t = trim(line);
  if (t.empty() || t[0] == '#')
    return true;
  const auto eq = t.find('=');
  if (eq == std::string::npos)
    return false;
  const std::string key = trim(t.substr(0, eq));
  const std::string value = trim(t.substr(eq + 1));
  if (key.compare(0, 5, "gate.") == 0)
    return parseGate(key, value, cfg);
  if (key == "terminal")
    cfg.terminalId = value;
  else if (key == "brokers")
    cfg.brokers = value;
  else if (key == "port_code")
    cfg.portCode = value;
  else if (key == "manifest_dir")
    cfg.manifestDir = value;
  else if (key == "index")
    cfg.indexPath = value;
  else if (key == "serial")
    cfg.serialDevice = value;
  else if (key == "beacon_port")
    cfg.beaconPort = static_cast<std::uint16_t>(std::strtoul(value.c_str(), nullptr, 10));
  else if (key == "ramp")
    return parseEndpoint(value, cfg.rampEndpoint);
  else if (key == "deck_lanes")
    cfg.deckLanes = std::strtoul(value.c_str(), nullptr, 10);
  else
    return false;
  return true;
}
} // namespace

Status loadConfig(const std::string &path, TerminalConfig &out) {
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (f == nullptr)
    return Status::IoError(errno, "open " + path);
  TerminalConfig cfg;
  char line[512];
  int lineNo = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    ++lineNo;
    if (!applyLine(line, cfg)) {
      std::fclose(f);
      return Status::Invalid(path + ":" + std::to_string(lineNo) + ": cannot parse");
    }
  }
  const bool readError = std::ferror(f) != 0;
  std::fclose(f); // OK: the parse-error close above is followed by return
  if (readError)
    return Status::IoError(EIO, "read " + path);
  out = std::move(cfg);
  return Status::Ok();
}

} // namespace ferry
