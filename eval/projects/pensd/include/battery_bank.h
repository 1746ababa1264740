// BatteryBank: lithium battery bank on the barge, reached over a CAN socket.
#pragma once

#include <mutex>
#include <string>

#include "fd_handle.h"
#include "power_source.h"
#include "status.h"

class BatteryBank : public PowerSource {
 public:
  BatteryBank(std::string can_iface, double capacity_kwh);
  ~BatteryBank() override;

  const char* name() const override;
  Result<double> output_kw() override;  // throws std::runtime_error("battery bank finished")
  void close() override;                // finish()
  bool alive() const override;
  Result<double> state_of_charge();     // 0..1; throws like output_kw()
  // Opens the main contactor and closes the CAN socket.
  // Throws std::logic_error("battery bank already finished") on a second call.
  void finish();

 private:
  Result<double> query_locked(const char* what);

  mutable std::mutex mu_;
  std::string iface_;
  double capacity_kwh_;
  FdHandle can_;
  bool finished_;
};
