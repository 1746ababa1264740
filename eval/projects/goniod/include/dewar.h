// goniod — the storage dewar of the sample changer: lid, LN2 level and the
// fill valve on its own serial line.
#pragma once
#include <memory>
#include <string>

#include "pvconn.h"

namespace goniod {

struct FillValve {
  int fd = -1;
  std::string device;
  ~FillValve();
};

class Dewar {
public:
  Dewar(std::string valve_device, std::shared_ptr<PvConn> robot);
  ~Dewar();
  Dewar(const Dewar &) = delete;
  Dewar &operator=(const Dewar &) = delete;

  void lid_open();
  void lid_close();
  double level();
  void fill_to(double percent);

private:
  std::string valve_device_;
  std::shared_ptr<PvConn> robot_;
};

} // namespace goniod
