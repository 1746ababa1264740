// goniod — the attenuator foil changer on its own IOC connection.
#pragma once
#include <optional>

#include "prefs.h"
#include "pvconn.h"

namespace goniod {

class Attenuator {
public:
  explicit Attenuator(const Endpoint &ep);
  void select(unsigned foil_mask);
  void rehome();
  void go_offline();
  bool online() const { return conn_.has_value(); }

private:
  Endpoint ep_;
  std::optional<PvConn> conn_;
  unsigned mask_ = 0;
};

} // namespace goniod
