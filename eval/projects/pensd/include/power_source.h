// PowerSource: interface of the site's power sources (diesel generator, battery bank).
#pragma once

#include "status.h"

class PowerSource {
 public:
  virtual ~PowerSource() = default;
  virtual const char* name() const = 0;
  virtual Result<double> output_kw() = 0;  // throws once the source is closed
  virtual void close() = 0;
  virtual bool alive() const = 0;
};
