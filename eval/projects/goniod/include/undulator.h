// goniod — the insertion device (undulator) gap, via the machine's gateway.
#pragma once
#include <memory>
#include <mutex>

#include "prefs.h"
#include "pvconn.h"

namespace goniod {

class Undulator {
public:
  explicit Undulator(const Endpoint &ep);
  ~Undulator();
  Undulator(const Undulator &) = delete;
  Undulator &operator=(const Undulator &) = delete;

  void set_gap(double mm);
  void reconnect();
  void disconnect();
  bool connected() const;

private:
  Endpoint ep_;
  mutable std::mutex mu_;
  std::unique_ptr<PvConn> link_;
  double last_gap_mm_ = 0.0;
};

} // namespace goniod
