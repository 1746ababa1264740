// goniod — the double-crystal monochromator: energy setpoints batched and
// flushed to the DCM controller.
#pragma once
#include <memory>
#include <mutex>
#include <vector>

#include "prefs.h"
#include "pvconn.h"

namespace goniod {

class Monochromator {
public:
  explicit Monochromator(const Endpoint &ep);
  void request_energy(double kev);
  void flush();
  void stop();
  void shutdown();

private:
  Endpoint ep_;
  std::unique_ptr<PvConn> conn_;
  std::mutex mu_;
  std::vector<double> pending_kev_;
};

} // namespace goniod
