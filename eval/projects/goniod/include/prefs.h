// goniod — station preferences: endpoints of the gateways, the axes of the
// goniometer, serial devices, and free-form extras.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace goniod {

struct Endpoint {
  std::string host;
  int port = 0;
};

struct AxisSpec {
  std::string name;
  std::string kind; // "piezo", "stepper" or "brushless"
  std::string device;
};

struct Prefs {
  int version = 2;
  std::string brokers = "localhost:9092";
  std::string elog_path = "/var/log/goniod/elog";
  std::string pss_device = "/dev/ttyS4";
  std::string dewar_valve = "/dev/ttyUSB2";
  std::string data_dir = "/data/goniod";
  double parking_gap_mm = 30.0;
  std::map<std::string, Endpoint> endpoints;
  std::map<std::string, std::string> tty_lines;
  std::vector<AxisSpec> axes;
  std::map<std::string, std::string> extra;

  const Endpoint &endpoint(const std::string &name) const;
};

Prefs load_prefs(const std::string &path);
// Optional site overrides; a missing file is not an error.
void apply_overrides(Prefs &prefs, const std::string &path);

} // namespace goniod
