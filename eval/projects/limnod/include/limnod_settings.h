// limnod — lake observatory daemon: settings read from the command line.
#pragma once
#include <map>
#include <string>
#include <vector>

struct LimnodSettings {
  std::string brokers = "localhost:9092";
  std::string archiveDir = "/var/lib/limnod";
  std::string sondeHost = "10.40.0.10";
  int sondePort = 4001;
  std::string shoreHost = "10.40.0.2";
  std::string shoreFallbackHost = "10.40.0.3";
  int shorePort = 5100;
  std::string winchHost = "10.40.0.20";
  int winchPort = 4020;
  double maxDepth = 28.0;         // metres, deepest point under the raft
  double seicheThreshold = 0.04;  // metres of oscillation before the seiche event fires
  double bloomThreshold = 40.0;   // chlorophyll-a, ug/L
  double maxTurbidity = 25.0;     // NTU at the hypolimnion intake
  std::map<std::string, std::string> hosts;   // per component kind
  std::map<std::string, std::string> devices; // serial limnimeters per component kind
  std::vector<std::string> transducerHosts;
  std::vector<std::string> vigilHosts;
  std::vector<std::string> components;

  /// Host of a component's sonde; the raft's main sonde when none is configured.
  std::string host(const std::string &kind) const;
  /// Serial device of a component's limnimeter.
  std::string device(const std::string &kind) const;

  static LimnodSettings fromArgs(int argc, char **argv);
};
