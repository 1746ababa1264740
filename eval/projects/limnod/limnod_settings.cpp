// limnod: parses --key=value arguments into LimnodSettings. No connections here.
#include "limnod_settings.h"
#include <cstdlib>
#include <sstream>

namespace {
std::vector<std::string> splitList(const std::string &csv) {
  std::vector<std::string> out;
  std::stringstream in(csv);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}
} // namespace

std::string LimnodSettings::host(const std::string &kind) const {
  auto it = hosts.find(kind);
  return it == hosts.end() ? sondeHost : it->second;
}

std::string LimnodSettings::device(const std::string &kind) const {
  auto it = devices.find(kind);
  return it == devices.end() ? "/dev/ttyS0" : it->second;
}

LimnodSettings LimnodSettings::fromArgs(int argc, char **argv) {
  LimnodSettings s;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0)
      continue;
    auto eq = arg.find('=');
    if (eq == std::string::npos)
      continue;
    std::string key = arg.substr(2, eq - 2), value = arg.substr(eq + 1);
    if (key == "brokers") s.brokers = value;
    else if (key == "archive") s.archiveDir = value;
    else if (key == "sonde") s.sondeHost = value;
    else if (key == "shore") s.shoreHost = value;
    else if (key == "shore-fallback") s.shoreFallbackHost = value;
    else if (key == "winch") s.winchHost = value;
    else if (key == "max-depth") s.maxDepth = std::strtod(value.c_str(), nullptr);
    else if (key == "transducers") s.transducerHosts = splitList(value);
    else if (key == "vigil") s.vigilHosts = splitList(value);
    else if (key == "components") s.components = splitList(value);
    else if (key.rfind("host.", 0) == 0) s.hosts[key.substr(5)] = value;
    else if (key.rfind("tty.", 0) == 0) s.devices[key.substr(4)] = value;
  }
  if (s.components.empty())
    s.components = {"secchi", "thermocline", "seiche", "schmidt", "tributary", "runoff",
                    "oximeter", "bloom", "periphyton", "diatom", "bathymetry", "swath",
                    "inflow", "outflow", "siphon", "zooplankton", "isobath", "trailcam",
                    "chronology", "flux"};
  return s;
}
