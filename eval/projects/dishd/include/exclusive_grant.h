// ExclusiveGrant: scoped exclusive control of an instrument. The instrument
// firmware keeps a grant for as long as the granting connection exists, so
// the grant is released by sending RELEASE and closing that line.
#pragma once
#include "netline.h"
#include <string>

class ExclusiveGrant {
public:
  ExclusiveGrant(NetLine &line, std::string holder);
  ~ExclusiveGrant();
  ExclusiveGrant(const ExclusiveGrant &) = delete;
  ExclusiveGrant &operator=(const ExclusiveGrant &) = delete;

  /// Throws std::runtime_error if another holder has the instrument.
  void assertControl();

private:
  NetLine &line_;
  std::string holder_;
};
