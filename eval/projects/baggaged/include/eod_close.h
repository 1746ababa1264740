// EndOfDayClose: empties and shuts the system after the last departure.
#pragma once
#include "status.h"

class Site;

class EndOfDayClose {
 public:
  explicit EndOfDayClose(Site& site);
  Status run();

 private:
  Site& site_;
};
