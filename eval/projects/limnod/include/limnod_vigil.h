// Watches the standalone probes moored around the raft.
#pragma once
#include "sonde_conduit.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

class LimnoVigil {
public:
  void watch(const std::string &name, std::unique_ptr<SondeConduit> probe);
  /// Closes a probe. A probe kept for post-mortem stays listed (its last host and
  /// port are what the divers need); the others are forgotten.
  void expire(const std::string &name, bool keepForPostMortem);
  /// Reconnects the first dead probe that is not kept for post-mortem.
  void sweep();
  /// Liveness ping to the probes.
  void pingAll();
  std::vector<std::string> postMortem() const;

private:
  std::map<std::string, std::unique_ptr<SondeConduit>> probes_;
  std::set<std::string> postMortem_;
};
