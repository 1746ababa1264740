// Integrator: accumulates digitizer blocks into per-source visibility dumps
// and keeps the night's dumps for the data catalogue.
#pragma once
#include "visibility_dump.h"
#include <cstdint>
#include <string>
#include <vector>

class Integrator {
public:
  explicit Integrator(std::string dataDir);
  void begin(const std::string &source, double mjd);
  void accumulate(const std::vector<std::int16_t> &block);
  void end();
  /// End of night: closes every dump opened tonight.
  void closeAll();
  std::vector<std::string> catalogue() const;

private:
  std::string dir_;
  VisibilityDump current_;
  std::vector<VisibilityDump> night_;
  std::vector<double> acc_;
  double mjd_ = 0.0;
  long blocks_ = 0;
};
